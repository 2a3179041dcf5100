import type { PostCommentedPayload, PostCreatedPayload, PostLikedPayload } from './schemas/community/events.js';
import type { CallQualityAnswer, CallQualitySample } from './schemas/dialer/quality.js';
import type { CallStatePayload } from './schemas/dialer/state.js';
import type { RebuttalsChangedPayload } from './schemas/rebuttals/library.js';
import type { CoachingIndicator, CoachingSession, MonitorMode } from './schemas/coaching/sessions.js';

/**
 * The catalogue of Socket.IO events. Client, server and workers import these names and the maps below
 * (`ServerToClientEvents`, `ClientToServerEvents`), so an unknown event or a payload of the wrong shape is a
 * compile error on whichever side sends or receives it.
 */
export const SocketEvents = {
  leadAssigned: 'lead:assigned',
  leadUpdated: 'lead:updated',
  leadsUpdated: 'leads:updated',
  notificationNew: 'notification:new',
  notificationCount: 'notification:count',
  postCreated: 'post:created',
  postLiked: 'post:liked',
  postCommented: 'post:commented',
  callState: 'call:state',
  rebuttalSuggested: 'rebuttal:suggested',
  rebuttalAssist: 'rebuttal:assist',
  rebuttalsChanged: 'rebuttals:changed',
  queueUpdated: 'queue:updated',
  teamActivity: 'team:activity',
  earningsUpdated: 'earnings:updated',
  insightsUpdated: 'insights:updated',
  leaderboardUpdated: 'leaderboard:updated',
  importProgress: 'import:progress',
  systemPong: 'system:pong',
  materialsChanged: 'materials:changed',
  voiceNotesChanged: 'voice-notes:changed',
  roleRequestUpdated: 'role-request:updated',
  phoneAnswer: 'phone:answer',
  phoneCandidate: 'phone:candidate',
  phoneOfferWanted: 'phone:offer-wanted',
  transferOffered: 'transfer:offered',
  transferUpdated: 'transfer:updated',
  transferAvailability: 'transfer:availability',
  deskTransferUpdated: 'transfer:desk',
  coachingIndicator: 'coaching:indicator',
  coachingEnded: 'coaching:ended',
  inboundRinging: 'inbound:ringing',
  inboundUpdated: 'inbound:updated',
} as const;

export type SocketEventName = keyof ServerToClientEvents;

/** What the server may send, event -> handler (Socket.IO's typed-events shape: `Server<C2S, S2C>`, `Socket<S2C, C2S>`). */
export interface ServerToClientEvents {
  [SocketEvents.leadAssigned]: (payload: LeadAssignedPayload) => void;
  [SocketEvents.leadUpdated]: (payload: LeadUpdatedPayload) => void;
  [SocketEvents.leadsUpdated]: (payload: LeadsUpdatedPayload) => void;
  [SocketEvents.notificationNew]: (payload: NotificationNewPayload) => void;
  [SocketEvents.notificationCount]: (payload: NotificationCountPayload) => void;
  [SocketEvents.postCreated]: (payload: PostCreatedPayload) => void;
  [SocketEvents.postLiked]: (payload: PostLikedPayload) => void;
  [SocketEvents.postCommented]: (payload: PostCommentedPayload) => void;
  [SocketEvents.callState]: (payload: CallStatePayload) => void;
  [SocketEvents.rebuttalSuggested]: (payload: RebuttalSuggestedPayload) => void;
  [SocketEvents.rebuttalAssist]: (payload: RebuttalAssistPayload) => void;
  [SocketEvents.rebuttalsChanged]: (payload: RebuttalsChangedPayload) => void;
  [SocketEvents.queueUpdated]: (payload: QueueUpdatedPayload) => void;
  [SocketEvents.teamActivity]: (payload: TeamActivityPayload) => void;
  [SocketEvents.earningsUpdated]: (payload: EarningsUpdatedPayload) => void;
  [SocketEvents.insightsUpdated]: (payload: InsightsUpdatedPayload) => void;
  [SocketEvents.leaderboardUpdated]: (payload: LeaderboardUpdatedPayload) => void;
  [SocketEvents.importProgress]: (payload: ImportProgressPayload) => void;
  [SocketEvents.systemPong]: (payload: SystemPongPayload) => void;
  [SocketEvents.materialsChanged]: (payload: MaterialsChangedPayload) => void;
  [SocketEvents.voiceNotesChanged]: (payload: VoiceNotesChangedPayload) => void;
  [SocketEvents.roleRequestUpdated]: (payload: RoleRequestUpdatedPayload) => void;
  [SocketEvents.phoneAnswer]: (payload: PhoneAnswerPayload) => void;
  [SocketEvents.phoneCandidate]: (payload: PhoneCandidatePayload) => void;
  /**
   * To the agent: auto-dial's next call is due and this process holds neither an offer of the agent's nor a connection
   * kept in their room (e.g. it was started after the one that held it): a tab with the connected phone sends a fresh
   * `phone:offer`, dropping a connection it kept in a room nobody serves any more.
   */
  [SocketEvents.phoneOfferWanted]: (payload: PhoneOfferWantedPayload) => void;
  [SocketEvents.transferOffered]: (payload: TransferOfferedPayload) => void;
  [SocketEvents.transferUpdated]: (payload: TransferUpdatedPayload) => void;
  [SocketEvents.transferAvailability]: (payload: TransferAvailabilityPayload) => void;
  /** To the opener: the closing desk hung up before the transfer was complete (the lead is still with them). */
  [SocketEvents.deskTransferUpdated]: (payload: DeskTransferUpdatedPayload) => void;
  /** To the agent: who is listening to or coaching their call right now (shared/schemas/coaching/sessions.ts). */
  [SocketEvents.coachingIndicator]: (payload: CoachingIndicator) => void;
  /** To the coach: their session ended (the call ended, or they left from another tab). */
  [SocketEvents.coachingEnded]: (payload: { sessionId: string }) => void;
  /** To each agent a lead calling in rings: the ringing card (docs/telephony.md, "Lead calls back"). */
  [SocketEvents.inboundRinging]: (payload: InboundCallPayload) => void;
  /** To the agents it rang: it stopped ringing for them (answered, moved on, voicemail, the caller hung up). */
  [SocketEvents.inboundUpdated]: (payload: InboundCallPayload) => void;
}

export type InboundCallPayload = import('./schemas/dialer/inbound.js').InboundCallView;

/** `transfer:offered`, to every socket of the chosen closer: their panel rings with the lead's card (docs/telephony.md, "Transfers"). */
export type TransferOfferedPayload = import('./schemas/dialer/transfer.js').TransferView;
/** `transfer:updated`, to the opener and the closer: the transfer moved (conference, completed, declined, expired, cancelled). */
export type TransferUpdatedPayload = import('./schemas/dialer/transfer.js').TransferView;
/** `transfer:desk`, to every socket of the opener: their desk transfer moved without them (docs/telephony.md). */
export type DeskTransferUpdatedPayload = import('./schemas/dialer/desk-transfer.js').DeskTransferView;
/**
 * `transfer:availability`, to the members of the agent's campaigns when an agent's line or phone changes: a transfer
 * picker that is open reads its list of available closers again.
 */
export interface TransferAvailabilityPayload {
  campaignIds: string[];
}

/** The payload of a server -> client event. */
export type SocketPayload<E extends SocketEventName> = Parameters<ServerToClientEvents[E]>[0];

/** Rooms a socket may be in. Joining is decided on the server from the verified token only. */
export const Rooms = {
  user: (userId: string) => `user:${userId}`,
  campaign: (campaignId: string) => `campaign:${campaignId}`,
  feed: 'feed',
  admins: 'role:admin',
  /** Every signed-in socket: the people who may read shared materials, voice notes and the AI-rebuttals library. */
  resources: 'resources',
} as const;

export interface SystemPongPayload {
  jobId: string;
  sentAt: string;
  processedAt: string;
}

/** `notification:new`, to the recipient: the stored notification as their list shows it. */
export type NotificationNewPayload = import('./schemas/notifications/list.js').NotificationItem;

export interface NotificationCountPayload {
  unread: number;
}

/** `team:activity`, to the actor's uplines at levels 1-3 only (shape: shared/schemas/team/activity.ts). */
export type TeamActivityPayload = import('./schemas/team/activity.js').TeamActivityItem;

/**
 * `insights:updated`, once the daily rollups of a change are written: to the users whose figures moved, their
 * uplines (team insights), the campaigns' owners and admins. The client re-reads the charts of these areas.
 */
export interface InsightsUpdatedPayload {
  areas: Array<'earnings' | 'calls' | 'team' | 'campaigns'>;
}

/** `earnings:updated`, to every user whose ledger changed: their fresh figures (integer cents) and why. */
export interface EarningsUpdatedPayload {
  reason: 'deal-closed' | 'deal-cancelled' | 'commissions-approved' | 'payout-completed';
  dealId?: string;
  earnings: import('./schemas/commissions/earnings.js').Earnings;
}

/** `lead:assigned`, to the agent: the lead as the agent sees it. */
export type LeadAssignedPayload = import('./schemas/leads/lead.js').LeadItem;

/**
 * `lead:updated`, to every tab of the assigned agent and to the campaign owner: the fresh lead; or, to an agent
 * whose lead went back to the pool, `{ id, removed: true }`.
 */
export type LeadUpdatedPayload = import('./schemas/leads/lead.js').LeadItem | { id: string; removed: true };

/**
 * `leads:updated`, to the campaign owner: the fresh leads of one distribution batch (now assigned) or of one sweep
 * batch (back in the pool), each to be applied like a `lead:updated` LeadItem. Never the `removed` shape.
 */
export interface LeadsUpdatedPayload {
  items: Array<import('./schemas/leads/lead.js').LeadItem>;
}

/** `import:progress`, to the importer, while the `leads` job reads the file and when it ends. */
export type ImportProgressPayload = import('./schemas/leads/import.js').ImportStatus;

/** `post:created`, `post:liked`, `post:commented`, to the `feed` room (shapes: shared/schemas/community/events.ts). */
export type { PostCreatedPayload, PostLikedPayload, PostCommentedPayload };

/** `call:state`, to every socket of the agent after each change of their phone session or call (shared/schemas/dialer/state.ts). */
export type { CallStatePayload };

/**
 * `rebuttal:suggested`, to every socket of the agent on the call, when the lead's side says an objection the
 * campaign listens for (docs/rebuttals.md): the team's best answer, or `rebuttal: null` when it has none yet.
 */
export interface RebuttalSuggestedPayload {
  callId: string;
  /** The phrase heard, as the campaign lists it. */
  objection: string;
  /** When in the call's lead audio it was said, in ms from the start of listening. */
  startMs: number;
  endMs: number;
  /** When the phrase's last audio reached the server (ISO), where the call's audio is live. */
  phraseEndedAt?: string;
  /** A library entry (with its votes) or, when none answers, a paragraph of the campaign's script (with its title). */
  rebuttal:
    | { id: string; text: string; source: 'library'; votes: number }
    | { id: string; text: string; source: 'script'; scriptTitle: string }
    | null;
}

/**
 * `rebuttal:assist`, to every socket of the agent when an answered call's lead audio reaches the objection spotter:
 * whether the call is listened to, and why not (beyond the node's stream cap, no recogniser installed, turned off).
 */
export type RebuttalAssistPayload =
  | { callId: string; assisted: true }
  | { callId: string; assisted: false; reason: 'at-capacity' | 'recogniser-missing' | 'turned-off' };

/** `rebuttals:changed`, to the `resources` room: an AI-rebuttals library entry saved, deleted or voted on. */
export type { RebuttalsChangedPayload };

/** `queue:updated`, to every socket of the agent: their call queue and auto-dial switch. */
export type QueueUpdatedPayload = import('./schemas/dialer/queue.js').QueueView;

/** `leaderboard:updated`, to the `feed` room when a deal's commissions are written or reversed (shared/schemas/leaderboard/standings.ts). */
export type LeaderboardUpdatedPayload = import('./schemas/leaderboard/standings.js').LeaderboardUpdated;

/**
 * `materials:changed`: a material or folder was added or removed. Shared ones go to the `resources` room, personal
 * ones to their owner's tabs. Items carry per-viewer links, so the list is re-read rather than patched.
 */
export interface MaterialsChangedPayload {
  kind: 'material' | 'folder';
  id: string;
  change: 'created' | 'deleted';
}

/** `voice-notes:changed`, to the `resources` room: a voice note was added, edited or deleted (the list is re-read). */
export interface VoiceNotesChangedPayload {
  id: string;
  change: 'created' | 'updated' | 'deleted';
}

/** `role-request:updated`, to admins: a user's role request as the admin list shows it, or null once withdrawn. */
export interface RoleRequestUpdatedPayload {
  userId: string;
  item: import('./schemas/admin/role-requests.js').RoleRequestItem | null;
}

/**
 * Client -> server: `auth:renew` carries a fresh access token over an open socket (ack: `RenewAuthAnswer`). A socket's
 * authorisation lapses with the token it was opened (or last renewed) with; the server closes it then.
 */
export const SocketRequests = {
  renewAuth: 'auth:renew',
  phoneOffer: 'phone:offer',
  phoneCandidate: 'phone:candidate',
  callQuality: 'call:quality',
  phoneRestart: 'phone:restart',
  coachingListen: 'coaching:listen',
  coachingMode: 'coaching:mode',
  coachingLeave: 'coaching:leave',
} as const;

export interface RenewAuthAnswer {
  ok: boolean;
  error?: string;
}

/**
 * What a client may send, event -> handler. Arguments arrive from the network: the server still checks them at run
 * time (a client is not bound by these types).
 */
export interface ClientToServerEvents {
  [SocketRequests.renewAuth]: (token: string, ack?: (answer: RenewAuthAnswer) => void) => void;
  [SocketRequests.phoneOffer]: (offer: PhoneOffer, ack?: (answer: PhoneOfferAnswer) => void) => void;
  [SocketRequests.phoneCandidate]: (payload: PhoneCandidatePayload) => void;
  [SocketRequests.phoneRestart]: (offer: PhoneOffer, ack?: (answer: PhoneRestartAnswer) => void) => void;
  /** A sample of the agent's live WebRTC call, measured by the tab holding it (shared/schemas/dialer/quality.ts). */
  [SocketRequests.callQuality]: (sample: CallQualitySample, ack?: (answer: CallQualityAnswer) => void) => void;
  /**
   * Coaching (the same service and checks as /api/coaching/sessions): join an agent's live call with a WebRTC offer
   * (none with the simulator, whose calls have no audio), switch mode, leave. Every request is authorised on the
   * server; a refused one is audited.
   */
  [SocketRequests.coachingListen]: (
    request: { agentId: string; sdp?: string },
    ack?: (answer: CoachingAnswer) => void,
  ) => void;
  [SocketRequests.coachingMode]: (
    request: { sessionId: string; mode: MonitorMode },
    ack?: (answer: CoachingAnswer) => void,
  ) => void;
  [SocketRequests.coachingLeave]: (request: { sessionId: string }, ack?: (answer: CoachingAnswer) => void) => void;
}

/** The ack of a coaching request over the socket: the session, or the refusal's text. */
export interface CoachingAnswer {
  ok: boolean;
  session?: CoachingSession;
  error?: string;
}

/**
 * WebRTC signalling with PHONE_PROVIDER=sip (the phone view says `media: 'webrtc'`). Before each call the dialing
 * tab sends `phone:offer` (its RTCPeerConnection's offer, a fresh `offerId`) and waits for the ack, then starts the
 * call over the API; the server keeps the offer for that call only and gives it to the gateway once it authorised the
 * call. The gateway's answer comes back as `phone:answer` (every tab of the agent gets it; the one holding that
 * `offerId` applies it). ICE candidates trickle both ways as `phone:candidate` (`candidate: null`: gathering done).
 */
export interface PhoneOffer {
  offerId: string;
  sdp: string;
}

export interface PhoneOfferAnswer {
  ok: boolean;
  error?: string;
}

/**
 * `phone:restart`: the media of the agent's connected call stalled (ICE `failed`, or `disconnected` with nothing
 * received for 3 s). The tab holding it sends an ICE-restart offer on the same connection (the call's `offerId`);
 * the server passes it to the gateway and acks with the gateway's answer.
 */
export interface PhoneRestartAnswer {
  ok: boolean;
  sdp?: string;
  error?: string;
}

export interface PhoneAnswerPayload {
  offerId: string;
  callId: string;
  sdp: string;
}

export interface PhoneOfferWantedPayload {
  /** What the offer is for. */
  purpose: 'auto-dial';
}

export interface PhoneCandidatePayload {
  offerId: string;
  candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } | null;
}

/** Why the server refused a handshake: the `connect_error` message, and `data.code` for the ones a client must not retry. */
export const SocketRefusals = {
  unauthorized: 'unauthorized',
  tooManyConnections: 'Too many open connections. Please close some tabs or windows and try again.',
  tooManyConnectionsCode: 'TOO_MANY_CONNECTIONS',
} as const;

/** Open sockets one user may hold across every node (tabs, windows, devices). */
export const MAX_SOCKETS_PER_USER = 20;
