import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from 'mongodb';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage & { key: string }): Promise<void>;
  close(): void;
}

export interface OutboxDoc {
  key: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: Date;
}

/** Without MAIL_URL, e-mails land in the `outbox` collection (readable at GET /api/dev/outbox outside production). */
export function createMailTransport(db: Db, mailUrl: string | undefined, from: string): MailTransport {
  if (!mailUrl) {
    return {
      kind: 'outbox',
      async send(message) {
        await db.collection<OutboxDoc>('outbox').insertOne({ ...message, createdAt: new Date() });
      },
      close() {},
    };
  }
  const transporter: Transporter = nodemailer.createTransport(mailUrl);
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.key}@commissionwarriors.local>`,
      });
    },
    close() {
      transporter.close();
    },
  };
}
