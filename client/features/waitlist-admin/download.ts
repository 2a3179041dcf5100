import { ApiError } from '../../api/client.js';
import { currentAccessToken, NetworkError, refreshAccessToken } from '../../api/token.js';
import { errorToast } from '../../ui/toast.js';

/**
 * Saves a file the API serves only with the bearer token (a plain link cannot send the header):
 * fetched as a blob, then handed to the browser under the server's file name.
 */
export async function downloadWithToken(path: string, fallbackName: string): Promise<void> {
  try {
    let response = await get(path, currentAccessToken());
    if (response.status === 401) {
      const renewed = await refreshAccessToken();
      if (renewed) response = await get(path, renewed);
    }
    if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => ({})));
    const blob = await response.blob();
    const disposition = response.headers.get('content-disposition') ?? '';
    const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
    // Give the browser time to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch (error) {
    if (error instanceof ApiError) errorToast(error.title ?? 'Export failed', error.message);
    else errorToast('Connection problem', new NetworkError().message);
    throw error;
  }
}

async function get(path: string, token: string | null): Promise<Response> {
  try {
    return await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  } catch {
    throw new NetworkError();
  }
}
