// A lead's call into one of the campaigns' numbers, as the server's SIP stack answers it (npm `sip` as the user agent
// server): 180 while an agent's panel rings, 200 with our SDP (the call's RTP relay) when an agent or the voicemail
// takes it, 480 when nobody does, the caller's CANCEL answered 487, BYE both ways, SIP INFO for the agent's keys.
import { randomBytes } from 'node:crypto';
import * as sip from 'sip';
import { dtmfInfo, otherRequestAnswer, type LeadLeg, type SipDialogRecord, type SipUserAgent } from './sip-leg.js';

export interface InboundLegHandlers {
  /** The caller gave up before anyone answered (CANCEL). */
  onCancelled(): void;
  /** The caller hung up the answered call (BYE). */
  onRemoteBye(): void;
}

/** The 10 digits of a SIP user part (`+1` and punctuation dropped), as the number plan matches numbers. */
export function tenDigits(uri: string | sip.SipUri | undefined): string {
  const user = typeof uri === 'string' ? (sip.parseUri(uri)?.user ?? '') : (uri?.user ?? '');
  return user.replace(/\D/g, '').slice(-10);
}

export class InboundSipLeg implements LeadLeg {
  readonly callId: string;
  /** The caller's number (From) and the number called (Request-URI), 10 digits each. */
  readonly from: string;
  readonly to: string;
  /** The caller's offer. */
  readonly offerSdp: string;
  finalStatus?: number;
  private readonly toTag = randomBytes(8).toString('hex');
  private state: 'ringing' | 'answered' | 'ended' = 'ringing';
  private cseq = 1;
  private handlers?: InboundLegHandlers;

  constructor(
    private readonly agent: SipUserAgent,
    private readonly invite: sip.SipMessage,
  ) {
    this.callId = invite.headers['call-id'];
    this.from = tenDigits(invite.headers.from.uri);
    this.to = tenDigits(invite.uri);
    this.offerSdp = invite.content ?? '';
    agent.adopt(this);
  }

  get ringing(): boolean {
    return this.state === 'ringing';
  }

  follow(handlers: InboundLegHandlers): void {
    this.handlers = handlers;
  }

  /** 180 Ringing: the caller hears ringback while the agents' panels ring. */
  ring(): void {
    if (this.state === 'ringing') this.agent.send(this.response(180, 'Ringing'));
  }

  /** 200 OK with our SDP; the caller's ACK needs nothing from us. */
  answer(sdp: string): void {
    if (this.state !== 'ringing') return;
    this.state = 'answered';
    this.finalStatus = 200;
    const ok = this.response(200, 'OK');
    ok.headers['content-type'] = 'application/sdp';
    ok.content = sdp;
    this.agent.send(ok);
  }

  /** Hangs up: 480 while it rings (nobody took it), BYE once answered. Idempotent. */
  end(): void {
    if (this.state === 'ringing') {
      this.state = 'ended';
      this.finalStatus = 480;
      this.agent.send(this.response(480, 'Temporarily Unavailable'));
      this.agent.forget(this);
    } else if (this.state === 'answered') {
      this.state = 'ended';
      this.agent.forget(this);
      this.sendInDialog('BYE');
    }
  }

  dialogRecord(): SipDialogRecord | undefined {
    if (this.state !== 'answered') return undefined;
    return { callId: this.callId, ...this.dialog(), cseq: this.cseq };
  }

  info(digit: string, durationMs = 160): void {
    if (this.state !== 'answered') return;
    this.sendInDialog('INFO', dtmfInfo(digit, durationMs));
  }

  onRequest(request: sip.SipMessage): void {
    if (request.method === 'CANCEL') {
      this.agent.send(sip.makeResponse(request, 200, 'OK'));
      if (this.state !== 'ringing') return;
      this.state = 'ended';
      this.finalStatus = 487;
      this.agent.send(this.response(487, 'Request Terminated'));
      this.agent.forget(this);
      this.handlers?.onCancelled();
      return;
    }
    if (request.method === 'BYE') {
      this.agent.send(sip.makeResponse(request, 200, 'OK'));
      if (this.state !== 'answered') return;
      this.state = 'ended';
      this.agent.forget(this);
      this.handlers?.onRemoteBye();
      return;
    }
    this.agent.send(otherRequestAnswer(request));
  }

  /** A response to the INVITE, with our To tag and Contact. */
  private response(status: number, reason: string): sip.SipMessage {
    const response = sip.makeResponse(this.invite, status, reason);
    response.headers.to = { ...response.headers.to, params: { ...response.headers.to.params, tag: this.toTag } };
    response.headers.contact = [{ uri: `sip:${this.to}@${this.agent.address}:${this.agent.port}` }];
    return response;
  }

  /** Our side of the dialog as the UAS: From is the caller's To with our tag, To the caller's From. */
  private dialog(): Omit<SipDialogRecord, 'callId' | 'cseq'> {
    const contact = Array.isArray(this.invite.headers.contact) ? this.invite.headers.contact[0] : undefined;
    const to = this.invite.headers.to;
    return {
      from: { ...to, params: { ...to.params, tag: this.toTag } },
      to: this.invite.headers.from,
      target: sip.stringifyUri(contact?.uri ?? this.invite.headers.from.uri),
      route: [...(this.invite.headers['record-route'] ?? [])],
    };
  }

  private sendInDialog(method: 'BYE' | 'INFO', body?: { type: string; body: string }): void {
    const { from, to, target, route } = this.dialog();
    this.cseq++;
    this.agent.send(
      {
        method,
        uri: target,
        headers: {
          to,
          from,
          'call-id': this.callId,
          cseq: { method, seq: this.cseq },
          'max-forwards': 70,
          ...(route.length ? { route } : {}),
          ...(body ? { 'content-type': body.type } : {}),
        },
        ...(body ? { content: body.body } : {}),
      },
      () => undefined,
    );
  }
}
