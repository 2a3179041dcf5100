import { authorizedFetch, toastRequestFailure } from './client.js';

export interface FileRequestOptions {
  signal?: AbortSignal;
  /** The toast title when the server gives none. */
  failureTitle?: string;
  /** The caller shows its own message instead of the toast. */
  quiet?: boolean;
}

/**
 * A file the API serves only with the bearer token (an <a href> or <audio src> cannot send it): fetched through
 * `authorizedFetch` as a Blob, with the file name from its Content-Disposition.
 */
export async function fetchFile(
  path: string,
  options: FileRequestOptions = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  try {
    const response = await authorizedFetch(path, { signal: options.signal });
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
  } catch (error) {
    if (!options.quiet) toastRequestFailure(error, options.failureTitle);
    throw error;
  }
}

/** Saves a token-only file under the server's name (else `fallbackName`). */
export async function downloadFile(
  path: string,
  fallbackName: string,
  options: FileRequestOptions = {},
): Promise<void> {
  const { blob, fileName } = await fetchFile(path, options);
  saveBlob(blob, fileName ?? fallbackName);
}

/** `filename*=UTF-8''…` (RFC 5987) when given, else `filename="…"` or a bare `filename=…`. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return (
    /filename\s*=\s*(?:"([^"]*)"|([^;]+))/i
      .exec(disposition)
      ?.slice(1)
      .find((name) => name !== undefined)
      ?.trim() || null
  );
}

/** Hands a Blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the URL is freed after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
