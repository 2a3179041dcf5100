import type { WaitlistJoinBody, WaitlistJoined } from '../../../shared/schemas/waitlist/join.js';
import { api, ApiError } from '../../api/client.js';
import { NetworkError } from '../../api/token.js';

/** The spec's local copy of a waitlist entry (section 3), kept while the server cannot be reached. */
export interface LocalWaitlistEntry {
  id: string;
  name: string;
  email: string;
  contact: string;
  campaign_interest: WaitlistJoinBody['campaignInterest'];
  created_at: string;
  processed: boolean;
}

export type JoinOutcome = { kind: 'joined'; joined: WaitlistJoined } | { kind: 'keptLocally' };

const STORAGE_KEY = 'waitlist_entries';
const RETRY_MS = 30_000;

/** No answer at all, or a gateway saying the API is down: the entry must not be lost. */
const serverUnreachable = (error: unknown) =>
  error instanceof NetworkError || (error instanceof ApiError && [502, 503, 504].includes(error.status));

function readEntries(): LocalWaitlistEntry[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as LocalWaitlistEntry[]) : [];
  } catch {
    return [];
  }
}

function writeEntries(entries: LocalWaitlistEntry[]): void {
  if (entries.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
  else localStorage.removeItem(STORAGE_KEY);
}

export function pendingWaitlistEntries(): LocalWaitlistEntry[] {
  return readEntries().filter((entry) => !entry.processed);
}

const post = (body: WaitlistJoinBody) => api('/api/waitlist', { body, quiet: true });

/** Sends the entry; when the server is unreachable it is kept in this browser and sent later. */
export async function joinWaitlist(body: WaitlistJoinBody): Promise<JoinOutcome> {
  try {
    return { kind: 'joined', joined: await post(body) };
  } catch (error) {
    if (!serverUnreachable(error)) throw error;
    const entry: LocalWaitlistEntry = {
      id: crypto.randomUUID(),
      name: body.name,
      email: body.email,
      contact: body.contact,
      campaign_interest: body.campaignInterest,
      created_at: new Date().toISOString(),
      processed: false,
    };
    writeEntries([...readEntries(), entry]);
    scheduleRetry();
    return { kind: 'keptLocally' };
  }
}

let flushing: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Sends every kept entry; an entry leaves local storage only once the server has it (or has refused it for good). */
export function flushWaitlistOutbox(): Promise<void> {
  flushing ??= (async () => {
    for (const entry of pendingWaitlistEntries()) {
      try {
        await post({
          name: entry.name,
          email: entry.email,
          contact: entry.contact,
          campaignInterest: entry.campaign_interest,
        });
      } catch (error) {
        if (serverUnreachable(error) || (error instanceof ApiError && (error.status === 429 || error.status >= 500))) {
          scheduleRetry();
          return;
        }
        // 409: already on the waitlist. 400: the server will never take it; say so instead of retrying forever.
        if (!(error instanceof ApiError && error.status === 409))
          console.warn('Waitlist entry refused by the server', entry.email, error);
      }
      writeEntries(readEntries().filter((kept) => kept.id !== entry.id));
    }
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void flushWaitlistOutbox(), RETRY_MS);
}

/** At start-up and whenever the browser comes back online, kept entries are sent. */
export function resumeWaitlistOutbox(): void {
  window.addEventListener('online', () => void flushWaitlistOutbox());
  if (pendingWaitlistEntries().length) void flushWaitlistOutbox();
}
