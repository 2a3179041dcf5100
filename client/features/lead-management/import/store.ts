import { proxy, useSnapshot } from 'valtio';
import { SocketEvents } from '../../../../shared/events.js';
import type { ImportStatus } from '../../../../shared/schemas/leads/import.js';
import { api, ApiError } from '../../../api/client.js';
import { onLive } from '../../../live/socket.js';
import { reloadLeadList } from '../../leads/public.js';
import { uploadLeads } from './transport.js';

interface ImportState {
  phase: 'idle' | 'uploading' | 'running' | 'finished';
  importId: string | null;
  progress: ImportStatus | null;
  /** The server's refusal of the file (one clear error, nothing imported). */
  error: string | null;
}

export const leadImport = proxy<ImportState>({ phase: 'idle', importId: null, progress: null, error: null });

export const useLeadImport = () => useSnapshot(leadImport);

/** Progress that arrived before the upload's answer named its import. */
const early = new Map<string, ImportStatus>();

const newer = (next: ImportStatus, current: ImportStatus | null) =>
  !current ||
  next.status === 'completed' ||
  next.status === 'failed' ||
  (current.status !== 'completed' && current.status !== 'failed' && next.rowsRead >= current.rowsRead);

function applyProgress(progress: ImportStatus): void {
  if (progress.id !== leadImport.importId) {
    early.set(progress.id, progress);
    return;
  }
  if (!newer(progress, leadImport.progress)) return;
  leadImport.progress = progress;
  if (progress.status === 'completed' || progress.status === 'failed') {
    leadImport.phase = 'finished';
    // The owner's table shows the imported leads (and, shortly, whom they went to).
    void reloadLeadList('management');
  }
}

/** `import:progress` while the import dialog is open. */
export function followImportProgress(): () => void {
  return onLive(SocketEvents.importProgress, applyProgress);
}

export function resetImport(): void {
  if (leadImport.phase === 'uploading') return;
  leadImport.phase = 'idle';
  leadImport.importId = null;
  leadImport.progress = null;
  leadImport.error = null;
  early.clear();
}

export async function startImport(campaignId: string, file: File, mapping: Record<string, string>): Promise<void> {
  leadImport.phase = 'uploading';
  leadImport.error = null;
  leadImport.progress = null;
  try {
    const { importId } = await uploadLeads(campaignId, file, mapping);
    leadImport.importId = importId;
    leadImport.phase = 'running';
    const seen = early.get(importId);
    if (seen) applyProgress(seen);
    // Catch up with anything sent before this tab knew the id.
    applyProgress(await api(`/api/imports/${importId}`, { quiet: true }));
  } catch (error) {
    if (leadImport.importId) return;
    leadImport.phase = 'idle';
    leadImport.error =
      error instanceof ApiError || error instanceof Error ? error.message : 'The import could not be started.';
  }
}
