/** The catalogue of BullMQ queues (docs/product.md, the contract) and the job names each carries. */
export const Queues = {
  email: 'email',
  calls: 'calls',
  leads: 'leads',
  commissions: 'commissions',
  system: 'system',
  insights: 'insights',
} as const;

export type QueueName = (typeof Queues)[keyof typeof Queues];

/** Job names per queue (the values of `Jobs`); the payload of each is in `QueueJobs`. */
export const Jobs = {
  email: { send: 'send' },
  system: { ping: 'ping' },
  leads: { import: 'import', distribute: 'distribute', sweep: 'sweep' },
  commissions: { dealClosed: 'deal-closed', dealCancelled: 'deal-cancelled', approveDue: 'approve-due' },
  calls: { phoneStep: 'phone-step', callStep: 'call-step', autoDial: 'auto-dial', orphanSweep: 'orphan-sweep' },
  insights: { refresh: 'refresh', auditCounters: 'audit-counters' },
} as const;

/** `calls` phone-step: the simulated provider finishing initialize (1 s) or connect (1.5 s) for an agent. */
export interface PhoneStepJob {
  agentId: string;
  step: 'initialized' | 'connected';
}

/** `calls` call-step: one timed transition of the simulated provider; job id `<callId>-<step>` dedupes. */
export interface CallStepJob {
  callId: string;
  step: 'ringing' | 'ring-over' | 'hangup' | 'end-complete' | 'idle' | 'mute-applied' | 'hold-applied';
  /** The dialed number (ring-over: the simulator decides the outcome from it). */
  phone?: string;
  muted?: boolean;
  held?: boolean;
}

/** `calls` orphan-sweep (repeating, `sip` provider): calls whose process died are ended (see dialer/orphaned-calls.ts). */
export type OrphanSweepJob = Record<string, never>;

/** `calls` auto-dial: dial the agent's next queued contact; `key` (the ended call, or the switch-on) makes it run once. */
export interface AutoDialJob {
  agentId: string;
  key: string;
  /** When the next call should start (ISO): the job runs a little earlier, checks the queue, then dials on time. */
  at?: string;
}

/** `commissions` jobs: the ledger of one deal is written (or clawed back) from the deal id alone; job ids dedupe. */
export interface CommissionDealJob {
  dealId: string;
}

export interface SystemPingJob {
  userId: string;
  sentAt: string;
}

export type EmailTemplateName =
  | 'verification'
  | 'waitlist-confirmation'
  | 'password-reset'
  | 'login-code'
  | 'invitation'
  | 'support-request'
  | 'support-confirmation'
  | 'rebuttals-waitlist';

/** An e-mail to send. `key` makes it idempotent: a retried or re-run job never sends the same e-mail twice. */
export interface EmailMessage {
  key: string;
  to: string;
  template: EmailTemplateName;
  /** What the template fills in; may hold secrets (verification, reset and sign-in codes, links carrying them). */
  data: Record<string, string | number | boolean | undefined>;
}

/**
 * The `email` job: the message with its data sealed (AES-256-GCM, a key derived from the server secret for this use
 * alone, server/features/email/sealing.ts), so job data in Redis and on the queue board shows no code.
 */
export interface EmailJob {
  key: string;
  to: string;
  template: EmailTemplateName;
  sealedData: string;
}

/** `leads` import job: parses the stored upload of one import; re-running it never duplicates a lead. */
export interface LeadImportJob {
  importId: string;
}

/** `leads` distribute job: hands the campaign's unassigned leads to its agents within the plan caps. */
export interface LeadDistributeJob {
  campaignId: string;
}

/** The repeatable `leads` sweep carries nothing: it reads the state of every campaign. */
export type LeadSweepJob = Record<string, never>;

/**
 * `insights` refresh: the daily rollups of these UTC days ('YYYY-MM-DD') are recomputed from the ledger, calls and
 * deals; the users and campaigns whose figures moved are told (`insights:updated`) once they are written.
 */
export interface InsightsRefreshJob {
  days: string[];
  userIds: string[];
  campaignIds: string[];
}

/**
 * `insights` audit-counters (daily, then `confirm` 10 min later when something was off): the counters kept beside
 * the lead and deal writes are compared with a recount, and a difference seen the same in both looks is corrected.
 */
export interface CounterAuditJob {
  confirm: boolean;
}

/**
 * Queue -> job name -> payload. Producers enqueue through `enqueue` (server/platform/queues.ts) and processors take
 * `QueueJob<queue>` (the `QueueProcessor<queue>` in `server/features/<feature>/processor.ts` of the feature that owns
 * the queue; workers/index.ts starts them), both typed by this map: a job name a queue does not carry, or a payload
 * of the wrong shape, does not compile.
 */
export interface QueueJobs {
  [Queues.email]: { [Jobs.email.send]: EmailJob };
  [Queues.system]: { [Jobs.system.ping]: SystemPingJob };
  [Queues.leads]: {
    [Jobs.leads.import]: LeadImportJob;
    [Jobs.leads.distribute]: LeadDistributeJob;
    [Jobs.leads.sweep]: LeadSweepJob;
  };
  [Queues.commissions]: {
    [Jobs.commissions.dealClosed]: CommissionDealJob;
    [Jobs.commissions.dealCancelled]: CommissionDealJob;
    [Jobs.commissions.approveDue]: CommissionDealJob;
  };
  [Queues.calls]: {
    [Jobs.calls.phoneStep]: PhoneStepJob;
    [Jobs.calls.callStep]: CallStepJob;
    [Jobs.calls.autoDial]: AutoDialJob;
    [Jobs.calls.orphanSweep]: OrphanSweepJob;
  };
  [Queues.insights]: { [Jobs.insights.refresh]: InsightsRefreshJob; [Jobs.insights.auditCounters]: CounterAuditJob };
}

export type JobName<Q extends QueueName> = keyof QueueJobs[Q] & string;
export type JobPayload<Q extends QueueName, N extends JobName<Q>> = QueueJobs[Q][N];
