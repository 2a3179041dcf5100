import { Type, type Static } from 'typebox';

/**
 * Leads calling back on their campaign's number (docs/telephony.md, "Lead calls back"): the assigned agent's panel
 * rings if they can take it, else the campaign's available agents', else the caller leaves a voicemail.
 */

/** How long a panel rings before the call moves on (to the campaign's agents, then to voicemail). */
export const INBOUND_RING_MS = 20_000;
/** The longest voicemail message. */
export const VOICEMAIL_MAX_MS = 60_000;

/**
 * Who is ringing: `assigned` the lead's own agent, `campaign` the campaign's available agents; then the call is
 * `answered`, went to `voicemail`, or the caller hung up first (`abandoned`).
 */
export const INBOUND_STATES = ['assigned', 'campaign', 'answered', 'voicemail', 'abandoned'] as const;
export type InboundState = (typeof INBOUND_STATES)[number];

export const InboundMessages = {
  notRingingYou: 'This call is not ringing for you.',
  gone: 'The caller is no longer waiting: someone else answered, or they hung up.',
  phoneNotReady: 'Your phone is not ready to take the call: reload the page and try again.',
  unsupported: 'This phone service cannot take incoming calls.',
  notFound: 'Incoming call not found.',
  noCampaignNumber: 'No campaign has this number.',
  /** The panel's ringing card and toasts. */
  incoming: (name: string) => `Incoming call from ${name}`,
  answeredElsewhere: 'Another agent answered the call.',
  callerHungUp: 'The caller hung up.',
  missed: (name: string) => `You missed a call from ${name}.`,
  /** The voicemail's notification, lead history and calendar task. */
  voicemailTitle: (name: string) => `Voicemail from ${name}`,
  voicemailBody: (seconds: number) => `A ${seconds} s message is waiting: play it in Call History.`,
  voicemailHistory: (seconds: number) => `Left a voicemail (${seconds} s)`,
  callBack: (name: string) => `Call back ${name}`,
  inboundHistory: (agent: string) => `Called in; answered by ${agent}`,
  newCaller: (phone: string) => `Caller ${phone}`,
} as const;

export const InboundIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) });
export type InboundIdParams = Static<typeof InboundIdParams>;

/** `inbound:ringing` and `inbound:updated`: the ringing card as every panel it rings shows it. */
export const InboundCallView = Type.Object({
  id: Type.String(),
  state: Type.Enum(INBOUND_STATES),
  /** When this round of ringing lapses. */
  expiresAt: Type.String(),
  campaignName: Type.String(),
  /** The call made of it once answered (the answering agent's). */
  callId: Type.Optional(Type.String()),
  lead: Type.Object({
    id: Type.String(),
    name: Type.String(),
    phone: Type.String(),
    notes: Type.String(),
  }),
});
export type InboundCallView = Static<typeof InboundCallView>;

/** `GET /api/dialer/campaigns/:id/inbound-number`: the number leads call the campaign on. */
export const CampaignInboundNumber = Type.Object({ campaignId: Type.String(), number: Type.String() });
export type CampaignInboundNumber = Static<typeof CampaignInboundNumber>;

export const CampaignIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) });

/** `POST /api/dev/inbound-call` (the simulator, outside production): a lead phone calling a campaign's number. */
export const SimulateInboundBody = Type.Object(
  {
    from: Type.String({ pattern: '^\\+?[0-9 ()-]{7,20}$', errorMessage: 'Give the number the lead calls from.' }),
    to: Type.String({ pattern: '^\\+?[0-9 ()-]{7,20}$', errorMessage: "Give the campaign's number." }),
  },
  { additionalProperties: false },
);
export type SimulateInboundBody = Static<typeof SimulateInboundBody>;
export const SimulateInboundAnswer = Type.Object({ inboundId: Type.String() });
