import type { Db } from 'mongodb';
import type { OutboxDoc } from '../../platform/mail.js';

/** The e-mails the outbox transport kept instead of sending, newest first. */
export function listOutbox(db: Db, to: string | undefined, limit: number): Promise<OutboxDoc[]> {
  return db
    .collection<OutboxDoc>('outbox')
    .find(to ? { to: to.trim().toLowerCase() } : {})
    .sort({ createdAt: -1 })
    .limit(limit)
    .toArray();
}
