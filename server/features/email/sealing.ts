import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { EmailJob, EmailMessage } from '../../../shared/queues.js';

// Its own label: the key opens e-mail job data and nothing else, and no other use of the server secret (token
// signing, code HMACs) can be turned into it.
const KEY_LABEL = 'commission-warriors/email-job-data/v1';
const VERSION = 'v1';

const keyFrom = (serverSecret: string) => Buffer.from(hkdfSync('sha256', serverSecret, '', KEY_LABEL, 32));

// The job's visible fields are authenticated with the data: a sealed blob copied into another job (another
// recipient, say, through the board's "add job") does not open.
const boundTo = (job: Pick<EmailJob, 'key' | 'to' | 'template'>) =>
  Buffer.from(JSON.stringify([job.key, job.to, job.template]));

/** The e-mail job for a message: the template data (codes, links with codes) sealed with AES-256-GCM. */
export function sealEmail(serverSecret: string, message: EmailMessage): EmailJob {
  const { data, ...visible } = message;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(serverSecret), iv);
  cipher.setAAD(boundTo(visible));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
  const parts = [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url'));
  return { ...visible, sealedData: [VERSION, ...parts].join('.') };
}

/** The message back from its job; throws when the data was not sealed for this job with this server's secret. */
export function openEmail(serverSecret: string, job: EmailJob): EmailMessage {
  const [version, iv, sealed, tag] = job.sealedData.split('.');
  if (version !== VERSION || !iv || !sealed || !tag) throw new Error(`e-mail job ${job.key} carries no sealed data`);
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(serverSecret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(boundTo(job));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const data = JSON.parse(
    Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8'),
  ) as EmailMessage['data'];
  return { key: job.key, to: job.to, template: job.template, data };
}
