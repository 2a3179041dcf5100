import { authorizedFetch } from '../../../api/client.js';
import { downloadFile } from '../../../api/download.js';

/** POST /api/campaigns/:id/leads/import as multipart (field `mapping` before `file`, so the server reads it first). */
export async function uploadLeads(
  campaignId: string,
  file: File,
  mapping: Record<string, string>,
): Promise<{ importId: string }> {
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  form.append('file', file, file.name);
  const response = await authorizedFetch(`/api/campaigns/${encodeURIComponent(campaignId)}/leads/import`, {
    method: 'POST',
    body: form,
  });
  return (await response.json()) as { importId: string };
}

/** Downloads GET /api/imports/:id/rejected.csv under the name the server gives it (the caller shows failures). */
export function downloadRejectedRows(importId: string, fallbackName: string): Promise<void> {
  return downloadFile(`/api/imports/${encodeURIComponent(importId)}/rejected.csv`, fallbackName, { quiet: true });
}
