// The lead's SIP leg, placed by the server (npm `sip` 0.0.6 as the user agent client): INVITE with our SDP (early
// offer, the media address is the call's RTP relay), digest auth on 401/407, our own ACK for the 2xx (the package
// does not build it), CANCEL while ringing, BYE once answered, the far end's BYE answered, SIP INFO for DTMF.
// Pitfalls of the package (docs/telephony.md): a target on the host the stack is bound to gets an invented 404 and
// nothing is sent (bind to another address), TCP listens on 5060 unless switched off, and no Max-Forwards is added.
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import * as sip from 'sip';
import { signRequest } from 'sip/digest.js';

export interface SipLegHandlers {
  /** 180/183: ringing (with the far end's SDP when it sends early media). */
  onProgress?(status: number, sdp: string | undefined): void;
  /** 2xx: the far end answered with its SDP; our ACK is already sent. */
  onAnswered(sdp: string): void;
  /** A final status >= 300 (busy, declined, not found, the 487 of our CANCEL...). */
  onRejected(status: number, reason: string): void;
  /** The far end hung up an answered call (its BYE, answered 200). */
  onRemoteBye(): void;
}

export interface SipCallRequest {
  /** sip:<digits>@<host[:port]> */
  target: string;
  /** Our From user (`agent-<id>`, or the trunk's username). */
  fromUser: string;
  fromHost: string;
  displayName?: string;
  /** The SIP server to send to when it is not the target's host (SIP_OUTBOUND_PROXY). */
  outboundProxy?: string;
  credentials?: { user: string; password: string };
  sdp: string;
}

const rand = () => randomBytes(8).toString('hex');

/**
 * An answered dialog as another process needs it to hang up (kept on the call, opaque to the dialer): the process
 * that placed the call may die with it, and the lead must still get a BYE (docs/telephony.md, "An API node that dies").
 */
export interface SipDialogRecord {
  callId: string;
  from: sip.SipAddress;
  to: sip.SipAddress;
  target: string;
  route: sip.SipAddress[];
  cseq: number;
}

/** In-dialog requests the dead process may have sent after the record was kept (DTMF INFO): the BYE's CSeq is above. */
const CSEQ_MARGIN = 1_000;

/** A UDP port free on `address` right now (bound and released). */
export async function freeUdpPort(address: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, address, () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

/** What the room provider needs of a lead's leg, whether the server placed it or the lead called in (sip-inbound-leg.ts). */
export interface LeadLeg {
  readonly callId: string;
  finalStatus?: number;
  end(): void;
  dialogRecord(): SipDialogRecord | undefined;
  info(digit: string, durationMs?: number): void;
  onRequest(request: sip.SipMessage): void;
}

/** A DTMF key as a SIP INFO body (application/dtmf-relay). */
export function dtmfInfo(digit: string, durationMs: number): { type: string; body: string } {
  return { type: 'application/dtmf-relay', body: `Signal=${digit}\r\nDuration=${durationMs}\r\n` };
}

/** In a dialog, OPTIONS, INFO and UPDATE are taken (200) and anything else refused (405). */
export function otherRequestAnswer(request: sip.SipMessage): sip.SipMessage {
  const taken = request.method === 'OPTIONS' || request.method === 'INFO' || request.method === 'UPDATE';
  return sip.makeResponse(request, taken ? 200 : 405, taken ? 'OK' : 'Method Not Allowed');
}

/** One SIP stack per process (UDP on `address`), carrying every lead leg this process places or answers. */
export class SipUserAgent {
  private readonly dialogs = new Map<string, LeadLeg>();
  /** A new INVITE (a lead calling one of the campaigns' numbers): the room provider's inbound calls take it. */
  onInvite?: (request: sip.SipMessage) => void;
  private readonly stack: sip.SipStack;

  private constructor(
    readonly address: string,
    readonly port: number,
    onError: (error: unknown) => void,
  ) {
    this.stack = sip.create({ address, port, udp: true, tcp: false, logger: { error: onError } }, (request) =>
      this.onRequest(request),
    );
  }

  /** `port`: a fixed one (SIP_LOCAL_PORT, where the carrier sends the campaigns' numbers), else a free one. */
  static async start(options: {
    address: string;
    port?: number;
    onError?: (error: unknown) => void;
  }): Promise<SipUserAgent> {
    const port = options.port ?? (await freeUdpPort(options.address));
    return new SipUserAgent(options.address, port, options.onError ?? (() => undefined));
  }

  call(request: SipCallRequest, handlers: SipLegHandlers): SipLeg {
    const leg = new SipLeg(this, this.stack, request, handlers);
    this.dialogs.set(leg.callId, leg);
    leg.start();
    return leg;
  }

  /** BYE in a dialog another process placed (it died); resolves with the far end's answer, 408 when none came. */
  hangUpDialog(record: SipDialogRecord, timeoutMs = 4_000): Promise<number> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(408), timeoutMs);
      this.stack.send(
        {
          method: 'BYE',
          uri: record.target,
          headers: {
            to: record.to,
            from: record.from,
            'call-id': record.callId,
            cseq: { method: 'BYE', seq: record.cseq + CSEQ_MARGIN },
            'max-forwards': 70,
            ...(record.route.length ? { route: record.route } : {}),
          },
        },
        (response) => {
          if ((response.status ?? 0) < 200) return;
          clearTimeout(timer);
          resolve(response.status!);
        },
      );
    });
  }

  forget(leg: LeadLeg): void {
    this.dialogs.delete(leg.callId);
  }

  /** An inbound leg joins the dialogs this stack routes requests to. */
  adopt(leg: LeadLeg): void {
    this.dialogs.set(leg.callId, leg);
  }

  /** Sends a request or a response (a response goes through the server transaction of its request). */
  send(message: sip.SipMessage, onResponse?: (response: sip.SipMessage) => void): void {
    this.stack.send(message, onResponse);
  }

  close(): void {
    this.stack.destroy();
  }

  private onRequest(request: sip.SipMessage): void {
    if (request.method === 'ACK') return;
    const leg = this.dialogs.get(request.headers['call-id']);
    if (!leg && request.method === 'INVITE' && this.onInvite) return this.onInvite(request);
    if (!leg) {
      this.stack.send(sip.makeResponse(request, 481, 'Call/Transaction Does Not Exist'));
      return;
    }
    leg.onRequest(request);
  }
}

/** One outgoing call. `end()` sends CANCEL while it rings and BYE once answered; both are idempotent. */
export class SipLeg implements LeadLeg {
  readonly callId = rand();
  private readonly fromTag = rand();
  private cseq = 1;
  private invite?: sip.SipMessage;
  /** The dialog once answered: where in-dialog requests go and with which To. */
  private dialog?: { target: string | sip.SipUri; to: sip.SipAddress; route: sip.SipAddress[] };
  private authTried = false;
  private state: 'calling' | 'answered' | 'ended' = 'calling';
  /** The final status of the INVITE (200, 486, 487...), once it came. */
  finalStatus?: number;
  finalReason?: string;
  private cancelWanted = false;
  private provisional = false;

  constructor(
    private readonly agent: SipUserAgent,
    private readonly stack: sip.SipStack,
    private readonly request: SipCallRequest,
    private readonly handlers: SipLegHandlers,
  ) {}

  get answered(): boolean {
    return this.state === 'answered';
  }

  start(): void {
    this.sendInvite();
  }

  /** Hangs up from our side: CANCEL while ringing (after a provisional, as RFC 3261 asks), BYE once answered. */
  end(): void {
    if (this.state === 'answered') {
      this.state = 'ended';
      this.agent.forget(this);
      this.sendInDialog('BYE');
    } else if (this.state === 'calling') {
      this.cancelWanted = true;
      if (this.provisional) this.sendCancel();
    }
  }

  /** The answered dialog, for another process to hang up if this one dies. */
  dialogRecord(): SipDialogRecord | undefined {
    if (!this.dialog || !this.invite) return undefined;
    return {
      callId: this.callId,
      from: this.invite.headers.from,
      to: this.dialog.to,
      target: sip.stringifyUri(this.dialog.target),
      route: this.dialog.route,
      cseq: this.cseq,
    };
  }

  /** A DTMF digit as SIP INFO (application/dtmf-relay), in the answered dialog. */
  info(digit: string, durationMs = 160): void {
    if (this.state !== 'answered') return;
    this.sendInDialog('INFO', dtmfInfo(digit, durationMs));
  }

  onRequest(request: sip.SipMessage): void {
    if (request.method === 'BYE') {
      this.stack.send(sip.makeResponse(request, 200, 'OK'));
      if (this.state === 'answered') {
        this.state = 'ended';
        this.agent.forget(this);
        this.handlers.onRemoteBye();
      }
      return;
    }
    // A re-INVITE (session refresh, the far end's hold) keeps our media: answer with the same SDP.
    if (request.method === 'INVITE' && this.state === 'answered') {
      const answer = sip.makeResponse(request, 200, 'OK');
      answer.headers.contact = [{ uri: this.contactUri() }];
      answer.headers['content-type'] = 'application/sdp';
      answer.content = this.request.sdp;
      this.stack.send(answer);
      return;
    }
    this.stack.send(otherRequestAnswer(request));
  }

  private contactUri(): string {
    return `sip:${this.request.fromUser}@${this.agent.address}:${this.agent.port}`;
  }

  private sendInvite(authFrom?: sip.SipMessage): void {
    const invite: sip.SipMessage = {
      method: 'INVITE',
      uri: this.request.target,
      headers: {
        to: { uri: this.request.target },
        from: {
          ...(this.request.displayName ? { name: this.request.displayName } : {}),
          uri: `sip:${this.request.fromUser}@${this.request.fromHost}`,
          params: { tag: this.fromTag },
        },
        'call-id': this.callId,
        cseq: { method: 'INVITE', seq: this.cseq },
        contact: [{ uri: this.contactUri() }],
        'max-forwards': 70,
        'content-type': 'application/sdp',
        ...(this.request.outboundProxy ? { route: [{ uri: `${this.request.outboundProxy};lr` }] } : {}),
      },
      content: this.request.sdp,
    };
    if (authFrom && this.request.credentials) signRequest({}, invite, authFrom, this.request.credentials);
    this.invite = invite;
    this.stack.send(invite, (response) => this.onInviteResponse(response));
  }

  private onInviteResponse(response: sip.SipMessage): void {
    const status = response.status ?? 0;
    if (status < 200) {
      if (status >= 180 && !this.provisional) {
        this.provisional = true;
        if (this.cancelWanted) return this.sendCancel();
      }
      if (status >= 180) this.handlers.onProgress?.(status, response.content || undefined);
      return;
    }
    if (status >= 300) {
      if ((status === 401 || status === 407) && this.request.credentials && !this.authTried && !this.cancelWanted) {
        this.authTried = true;
        this.cseq++;
        return this.sendInvite(response);
      }
      if (this.state !== 'calling') return;
      this.state = 'ended';
      this.finalStatus = status;
      this.finalReason = response.reason ?? '';
      this.agent.forget(this);
      this.handlers.onRejected(status, this.finalReason);
      return;
    }
    // 2xx (possibly retransmitted): ACK every one; the answer is taken once.
    const contact = Array.isArray(response.headers.contact) ? response.headers.contact[0] : undefined;
    const route = [...(response.headers['record-route'] ?? [])].reverse();
    this.dialog ??= { target: contact?.uri ?? this.request.target, to: response.headers.to, route };
    this.sendAck();
    if (this.state !== 'calling' || this.finalStatus) return;
    this.finalStatus = status;
    this.finalReason = response.reason ?? 'OK';
    if (this.cancelWanted) {
      // Answered as we cancelled: the call is hung up at once.
      this.state = 'answered';
      this.end();
      return;
    }
    this.state = 'answered';
    this.handlers.onAnswered(response.content ?? '');
  }

  private sendAck(): void {
    const dialog = this.dialog!;
    this.stack.send({
      method: 'ACK',
      uri: dialog.target,
      headers: {
        to: dialog.to,
        from: this.invite!.headers.from,
        'call-id': this.callId,
        cseq: { method: 'ACK', seq: this.invite!.headers.cseq.seq },
        via: [],
        'max-forwards': 70,
        ...(dialog.route.length ? { route: dialog.route } : {}),
      },
    });
  }

  private sendCancel(): void {
    const invite = this.invite!;
    this.stack.send({
      method: 'CANCEL',
      uri: invite.uri,
      headers: {
        to: { uri: this.request.target },
        from: invite.headers.from,
        'call-id': this.callId,
        cseq: { method: 'CANCEL', seq: invite.headers.cseq.seq },
        via: invite.headers.via?.slice(0, 1),
        'max-forwards': 70,
      },
    });
  }

  private sendInDialog(method: 'BYE' | 'INFO', body?: { type: string; body: string }): void {
    const dialog = this.dialog;
    if (!dialog) return;
    this.cseq++;
    this.stack.send(
      {
        method,
        uri: dialog.target,
        headers: {
          to: dialog.to,
          from: this.invite!.headers.from,
          'call-id': this.callId,
          cseq: { method, seq: this.cseq },
          'max-forwards': 70,
          ...(dialog.route.length ? { route: dialog.route } : {}),
          ...(body ? { 'content-type': body.type } : {}),
        },
        ...(body ? { content: body.body } : {}),
      },
      () => undefined,
    );
  }
}
