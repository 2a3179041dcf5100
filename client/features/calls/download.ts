import type { ApiErrorBody } from '../../../shared/errors.js';
import { ApiError } from '../../api/client.js';
import { currentAccessToken, NetworkError, refreshAccessToken } from '../../api/token.js';
import { errorToast } from '../../ui/toast.js';

/**
 * A file the API serves only with the bearer token (an <a href> or <audio src> cannot send it): fetched
 * with the token, one refresh and retry on 401, handed back as a Blob. Failures are toasted.
 */
export async function fetchAuthorizedBlob(path: string, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string | null }> {
  try {
    const send = async (token: string | null) => {
      try {
        return await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin', signal });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        throw new NetworkError();
      }
    };
    let response = await send(currentAccessToken());
    if (response.status === 401) {
      const renewed = await refreshAccessToken();
      if (renewed) response = await send(renewed);
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
      throw new ApiError(response.status, body);
    }
    return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
  } catch (error) {
    if (error instanceof ApiError) errorToast(error.title ?? 'Error', error.message);
    else if (error instanceof NetworkError) errorToast('Connection problem', error.message);
    throw error;
  }
}

function fileNameOf(disposition: string | null): string | null {
  const match = disposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match ? decodeURIComponent(match[1]!) : null;
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
