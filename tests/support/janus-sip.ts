// Drives Janus's SIP plugin over its HTTP API (the way a server-side provider does): one session, one
// janus.plugin.sip handle registered as a "guest" (no REGISTER sent; INVITEs go straight to the given URI).
import { randomBytes } from 'node:crypto';

export interface SipEvent {
  event: string;
  /** When the event reached this client (Date.now()). */
  receivedAt: number;
  code?: number;
  reason?: string;
  jsep?: { type: string; sdp: string };
}

interface JanusReply {
  janus: string;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { data?: { result?: { event?: string; code?: number; reason?: string }; error?: string } };
  jsep?: { type: string; sdp: string };
}

/**
 * A WebRTC audio offer as a browser would send it (ICE credentials, DTLS fingerprint, G.711). Nothing answers its
 * ICE checks, so no media flows: it is enough for Janus to place the SIP call and report its signalling.
 */
export function webrtcAudioOffer(): string {
  const fingerprint = Array.from(randomBytes(32), (byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join(':');
  return [
    'v=0',
    `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0',
    'a=msid-semantic: WMS',
    'm=audio 9 UDP/TLS/RTP/SAVPF 0 8',
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    `a=ice-ufrag:${randomBytes(4).toString('hex')}`,
    `a=ice-pwd:${randomBytes(12).toString('hex')}`,
    'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${fingerprint}`,
    'a=setup:actpass',
    'a=mid:0',
    'a=sendrecv',
    'a=rtcp-mux',
    'a=rtpmap:0 PCMU/8000',
    'a=rtpmap:8 PCMA/8000',
    `a=ssrc:${randomBytes(4).readUInt32BE()} cname:agent`,
    '',
  ].join('\r\n');
}

export class JanusSipCaller {
  readonly events: SipEvent[] = [];
  private polling = true;
  private waiters: Array<() => void> = [];

  private constructor(
    private readonly janusUrl: string,
    private readonly apiSecret: string,
    private readonly sessionId: number,
    private readonly handleId: number,
  ) {
    void this.poll();
  }

  static async request(janusUrl: string, body: Record<string, unknown>): Promise<JanusReply> {
    const response = await fetch(janusUrl, {
      method: 'POST',
      body: JSON.stringify({ transaction: randomBytes(6).toString('hex'), ...body }),
    });
    return (await response.json()) as JanusReply;
  }

  static async open(janusUrl: string, apiSecret: string, username: string): Promise<JanusSipCaller> {
    const session = await JanusSipCaller.request(janusUrl, { janus: 'create', apisecret: apiSecret });
    if (!session.data) throw new Error(`Janus create failed: ${JSON.stringify(session)}`);
    const handle = await JanusSipCaller.request(`${janusUrl}/${session.data.id}`, {
      janus: 'attach',
      plugin: 'janus.plugin.sip',
      apisecret: apiSecret,
    });
    if (!handle.data) throw new Error(`Janus attach failed: ${JSON.stringify(handle)}`);
    const caller = new JanusSipCaller(janusUrl, apiSecret, session.data.id, handle.data.id);
    await caller.message({ request: 'register', type: 'guest', username });
    await caller.waitFor('registered');
    return caller;
  }

  private async message(body: Record<string, unknown>, jsep?: { type: string; sdp: string }): Promise<void> {
    const reply = await JanusSipCaller.request(`${this.janusUrl}/${this.sessionId}/${this.handleId}`, {
      janus: 'message',
      apisecret: this.apiSecret,
      body,
      ...(jsep ? { jsep } : {}),
    });
    if (reply.janus !== 'ack' && reply.janus !== 'success')
      throw new Error(`Janus message failed: ${JSON.stringify(reply)}`);
  }

  private async poll(): Promise<void> {
    while (this.polling) {
      try {
        const response = await fetch(
          `${this.janusUrl}/${this.sessionId}?apisecret=${encodeURIComponent(this.apiSecret)}&maxev=10`,
        );
        const replies = [(await response.json()) as JanusReply | JanusReply[]].flat();
        for (const reply of replies) {
          const result = reply.plugindata?.data?.result;
          const error = reply.plugindata?.data?.error;
          if (result?.event)
            this.events.push({
              event: result.event,
              receivedAt: Date.now(),
              code: result.code,
              reason: result.reason,
              jsep: reply.jsep,
            });
          else if (error) this.events.push({ event: 'error', receivedAt: Date.now(), reason: error });
        }
        for (const wake of this.waiters.splice(0)) wake();
      } catch {
        if (this.polling) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  /** The first event named `name` (already received or arriving within `ms`). */
  async waitFor(name: string, ms = 15_000): Promise<SipEvent> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.events.find((e) => e.event === name);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `No "${name}" event within ${ms} ms; got ${this.events.map((e) => e.event).join(', ') || 'nothing'}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  call(uri: string): Promise<void> {
    return this.message({ request: 'call', uri }, { type: 'offer', sdp: webrtcAudioOffer() });
  }

  hangup(): Promise<void> {
    return this.message({ request: 'hangup' });
  }

  async close(): Promise<void> {
    this.polling = false;
    await JanusSipCaller.request(`${this.janusUrl}/${this.sessionId}`, {
      janus: 'destroy',
      apisecret: this.apiSecret,
    }).catch(() => undefined);
  }
}
