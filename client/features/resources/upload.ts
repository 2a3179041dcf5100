import type { ApiErrorBody } from '../../../shared/errors.js';
import { ApiError, toastRequestFailure, withAccessToken } from '../../api/client.js';
import { NetworkError } from '../../api/token.js';

export interface UploadOptions {
  /** 0..1 while the body is sent. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart upload with progress: fetch cannot report upload progress, XMLHttpRequest's `upload` events can.
 * Same rules as `api()` (`withAccessToken`): bearer token, one refresh and retry on 401, the server's `{error, title}` as a toast.
 */
export async function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  try {
    const answer = await withAccessToken(path, (token) => send<T>(path, form, options, token));
    if (answer.status < 200 || answer.status >= 300)
      throw new ApiError(answer.status, (answer.body ?? {}) as Partial<ApiErrorBody>);
    return answer.body as T;
  } catch (error) {
    toastRequestFailure(error, 'Upload failed');
    throw error;
  }
}

function send<T>(
  path: string,
  form: FormData,
  options: UploadOptions,
  token: string | null,
): Promise<{ status: number; body: T | Partial<ApiErrorBody> | undefined }> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.responseType = 'text';
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let body: T | Partial<ApiErrorBody> | undefined;
      try {
        body = request.responseText ? (JSON.parse(request.responseText) as T) : undefined;
      } catch {
        body = {};
      }
      if (request.status >= 200 && request.status < 300) options.onProgress?.(1);
      resolve({ status: request.status, body });
    });
    request.addEventListener('error', () => reject(new NetworkError()));
    request.addEventListener('abort', () => reject(new DOMException('Upload cancelled', 'AbortError')));
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
