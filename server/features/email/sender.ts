import type { Db } from 'mongodb';
import type { EmailMessage } from '../../../shared/queues.js';
import type { MailTransport } from '../../platform/mail.js';
import { renderEmail } from './templates.js';

interface SentMailDoc {
  _id: string;
  status: 'sending' | 'sent';
  at: Date;
}

export async function ensureEmailIndexes(db: Db): Promise<void> {
  await db.collection('outbox').createIndex({ key: 1 }, { unique: true });
  await db.collection('outbox').createIndex({ to: 1, createdAt: -1 });
}

/**
 * Sends one e-mail job at most once per key. The outbox transport is atomic through its unique key;
 * SMTP is guarded by a `sentMails` record written before and confirmed after the conversation.
 */
export async function sendEmailJob(db: Db, transport: MailTransport, job: EmailMessage): Promise<'sent' | 'duplicate'> {
  const message = { key: job.key, to: job.to, ...renderEmail(job.template, job.data) };
  if (transport.kind === 'outbox') {
    try {
      await transport.send(message);
      return 'sent';
    } catch (error) {
      if ((error as { code?: number }).code === 11000) return 'duplicate';
      throw error;
    }
  }
  const sent = db.collection<SentMailDoc>('sentMails');
  const existing = await sent.findOne({ _id: job.key });
  if (existing?.status === 'sent') return 'duplicate';
  // Delivery bookkeeping in wall time: no rule reads it, so it needs no injectable clock.
  await sent.updateOne({ _id: job.key }, { $set: { status: 'sending', at: new Date() } }, { upsert: true });
  await transport.send(message);
  await sent.updateOne({ _id: job.key }, { $set: { status: 'sent', at: new Date() } });
  return 'sent';
}
