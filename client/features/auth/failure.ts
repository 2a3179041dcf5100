import { ApiError } from '../../api/client.js';
import { NetworkError } from '../../api/token.js';
import { errorToast } from '../../ui/toast.js';

/**
 * The server's words when it gave any: its title, "Error" for untitled validation answers, else the
 * screen's own title. Without an answer, the screen's title with the connection problem.
 */
export function showFailure(error: unknown, title: string, fallback: string): void {
  if (error instanceof ApiError) {
    const shownTitle = error.title ?? (error.status === 400 ? 'Error' : title);
    errorToast(shownTitle, error.status >= 500 ? fallback : error.message || fallback);
  } else if (error instanceof NetworkError) {
    errorToast(title, error.message);
  } else {
    errorToast(title, fallback);
  }
}
