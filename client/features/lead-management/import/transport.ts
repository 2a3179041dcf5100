import type { ApiErrorBody } from '../../../../shared/errors.js';
import { ApiError } from '../../../api/client.js';
import { currentAccessToken, NetworkError, refreshAccessToken } from '../../../api/token.js';

/**
 * `api()` speaks JSON; the import sends multipart and the report comes back as a CSV file, so these two go through
 * fetch with the same bearer token and the same single refresh-and-retry on 401.
 */
async function authorisedFetch(path: string, init: RequestInit): Promise<Response> {
  const send = (token: string | null) =>
    fetch(path, { ...init, credentials: 'same-origin', headers: token ? { authorization: `Bearer ${token}` } : {} }).catch(() => {
      throw new NetworkError();
    });
  let response = await send(currentAccessToken());
  if (response.status === 401) {
    const renewed = await refreshAccessToken();
    if (renewed) response = await send(renewed);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
    throw new ApiError(response.status, body);
  }
  return response;
}

/** POST /api/campaigns/:id/leads/import (field `mapping` before `file`, so the server reads it first). */
export async function uploadLeads(campaignId: string, file: File, mapping: Record<string, string>): Promise<{ importId: string }> {
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  const response = await authorisedFetch(`/api/campaigns/${encodeURIComponent(campaignId)}/leads/import`, { method: 'POST', body: form });
  return (await response.json()) as { importId: string };
}

/** Downloads GET /api/imports/:id/rejected.csv under the name the server gives it. */
export async function downloadRejectedRows(importId: string, fallbackName: string): Promise<void> {
  const response = await authorisedFetch(`/api/imports/${encodeURIComponent(importId)}/rejected.csv`, { method: 'GET' });
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
