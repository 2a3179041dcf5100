/** The catalogue of BullMQ queues (DESIGN section 6) and the job names each carries. */
export const Queues = {
  email: 'email',
  calls: 'calls',
  leads: 'leads',
  commissions: 'commissions',
  system: 'system',
} as const;

export type QueueName = (typeof Queues)[keyof typeof Queues];

export const Jobs = {
  email: { send: 'send' },
  system: { ping: 'ping' },
} as const;

export interface SystemPingJob {
  userId: string;
  sentAt: string;
}

export type EmailTemplateName =
  | 'verification'
  | 'waitlist-confirmation'
  | 'password-reset'
  | 'invitation'
  | 'support-request'
  | 'rebuttals-waitlist';

/** `key` makes the job idempotent: a retried or re-run job never sends the same e-mail twice. */
export interface EmailJob {
  key: string;
  to: string;
  template: EmailTemplateName;
  data: Record<string, string | number | boolean | undefined>;
}
