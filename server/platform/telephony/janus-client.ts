import { randomBytes } from 'node:crypto';

/**
 * A Janus session over its HTTP API (https://janus.conf.meetecho.com/docs/rest.html): requests are POSTed with the
 * `api_secret`, events come back through one long poll per session (which also keeps the session alive). One session
 * holds the handles of one agent; every event reaches `onEvent` with the handle it belongs to.
 */

export interface JanusJsep {
  type: string;
  sdp: string;
}

/** One event Janus sent: a plugin event (`plugin` set), or a core event about the handle's PeerConnection. */
export interface JanusEvent {
  /** `event` (plugin), `trickle`, `webrtcup`, `hangup`, `media`, `slowlink`, `detached`, `timeout`... */
  janus: string;
  handleId?: number;
  /** The plugin's payload (SIP plugin: `{ sip: 'event', result: { event, code, reason, ... } }` or `{ error_code, error }`). */
  plugin?: {
    result?: { event?: string; code?: number; reason?: string };
    error_code?: number;
    error?: string;
    /** AudioBridge: `joined`, `event`, `left`, `destroyed`... */
    audiobridge?: string;
    /** AudioBridge `joined` of a plain-RTP participant: where Janus receives (and sends from). */
    rtp?: { ip?: string; port?: number; payload_type?: number };
  };
  jsep?: JanusJsep;
  candidate?: { candidate?: string; sdpMid?: string; sdpMLineIndex?: number; completed?: boolean };
  /** `media` events: whether Janus receives the peer's audio (false after its no-media timer, 1 s by default). */
  receiving?: boolean;
}

interface JanusReply {
  janus: string;
  sender?: number;
  data?: { id: number };
  error?: { code: number; reason: string };
  plugindata?: { data?: JanusEvent['plugin'] };
  jsep?: JanusJsep;
  candidate?: JanusEvent['candidate'];
  receiving?: boolean;
}

export class JanusError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'JanusError';
  }
}

const REQUEST_TIMEOUT_MS = 5_000;
/**
 * A `keepalive` request per session this often, besides the long poll (which touches the session only when it starts,
 * and a poll waits up to 30 s for an event). Janus's `session_timeout` (15 s in the local carrier and the compose
 * image) must be well above it: a session this process stops keeping alive (it died) is destroyed by Janus that long
 * after its last keepalive, and its calls are hung up (BYE).
 */
const KEEPALIVE_MS = 5_000;

async function post(url: string, body: Record<string, unknown>): Promise<JanusReply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ transaction: randomBytes(6).toString('hex'), ...body }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new JanusError(`Janus answered HTTP ${response.status}`);
  const reply = (await response.json()) as JanusReply;
  if (reply.janus === 'error') throw new JanusError(`Janus: ${reply.error?.reason ?? 'error'}`, reply.error?.code);
  return reply;
}

export class JanusSession {
  private polling = true;
  private readonly abort = new AbortController();
  private readonly keepalive: NodeJS.Timeout;

  private constructor(
    private readonly url: string,
    private readonly apiSecret: string,
    readonly id: number,
    private readonly onEvent: (event: JanusEvent) => void,
    private readonly onGone: (error: unknown) => void,
  ) {
    void this.poll();
    this.keepalive = setInterval(() => {
      void post(`${this.url}/${this.id}`, { janus: 'keepalive', apisecret: this.apiSecret }).catch(() => undefined);
    }, KEEPALIVE_MS);
    this.keepalive.unref();
  }

  static async create(
    url: string,
    apiSecret: string,
    handlers: { onEvent: (event: JanusEvent) => void; onGone: (error: unknown) => void },
  ): Promise<JanusSession> {
    const reply = await post(url, { janus: 'create', apisecret: apiSecret });
    if (!reply.data) throw new JanusError('Janus did not create a session');
    return new JanusSession(url, apiSecret, reply.data.id, handlers.onEvent, handlers.onGone);
  }

  get alive(): boolean {
    return this.polling;
  }

  async attach(plugin: string): Promise<number> {
    const reply = await post(`${this.url}/${this.id}`, { janus: 'attach', plugin, apisecret: this.apiSecret });
    if (!reply.data) throw new JanusError(`Janus did not attach ${plugin}`);
    return reply.data.id;
  }

  /** A plugin request; its outcome arrives as events (the reply is only `ack`). */
  async message(handleId: number, body: Record<string, unknown>, jsep?: JanusJsep): Promise<void> {
    await post(`${this.url}/${this.id}/${handleId}`, {
      janus: 'message',
      apisecret: this.apiSecret,
      body,
      ...(jsep ? { jsep } : {}),
    });
  }

  /**
   * A plugin request Janus answers at once (AudioBridge `create`, `destroy`, `play_file`, `listparticipants`): the
   * plugin's answer, or a JanusError with the plugin's own error.
   */
  async request(handleId: number, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const reply = await post(`${this.url}/${this.id}/${handleId}`, {
      janus: 'message',
      apisecret: this.apiSecret,
      body,
    });
    const data = (reply.plugindata?.data ?? {}) as Record<string, unknown>;
    if (typeof data.error === 'string')
      throw new JanusError(`Janus: ${data.error}`, typeof data.error_code === 'number' ? data.error_code : undefined);
    return data;
  }

  async detach(handleId: number): Promise<void> {
    await post(`${this.url}/${this.id}/${handleId}`, { janus: 'detach', apisecret: this.apiSecret });
  }

  /** One ICE candidate of the browser (`null`: gathering is complete). */
  async trickle(
    handleId: number,
    candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } | null,
  ): Promise<void> {
    await post(`${this.url}/${this.id}/${handleId}`, {
      janus: 'trickle',
      apisecret: this.apiSecret,
      candidate: candidate ?? { completed: true },
    });
  }

  async destroy(): Promise<void> {
    this.stop();
    await post(`${this.url}/${this.id}`, { janus: 'destroy', apisecret: this.apiSecret }).catch(() => undefined);
  }

  private stop(): void {
    clearInterval(this.keepalive);
    this.polling = false;
    this.abort.abort();
  }

  private async poll(): Promise<void> {
    let failures = 0;
    while (this.polling) {
      try {
        const response = await fetch(
          `${this.url}/${this.id}?apisecret=${encodeURIComponent(this.apiSecret)}&maxev=10&rid=${Date.now()}`,
          { signal: this.abort.signal },
        );
        const replies = [(await response.json()) as JanusReply | JanusReply[]].flat();
        failures = 0;
        for (const reply of replies) {
          if (reply.janus === 'keepalive') continue;
          if (reply.janus === 'error') {
            // The session is gone (Janus restarted, or it timed out).
            this.stop();
            this.onGone(new JanusError(`Janus: ${reply.error?.reason ?? 'session lost'}`, reply.error?.code));
            return;
          }
          this.onEvent({
            janus: reply.janus,
            ...(reply.sender !== undefined ? { handleId: reply.sender } : {}),
            ...(reply.plugindata?.data ? { plugin: reply.plugindata.data } : {}),
            ...(reply.jsep ? { jsep: reply.jsep } : {}),
            ...(reply.candidate ? { candidate: reply.candidate } : {}),
            ...(typeof reply.receiving === 'boolean' ? { receiving: reply.receiving } : {}),
          });
        }
      } catch (error) {
        if (!this.polling) return;
        // Janus unreachable for ~3 s: its sessions are lost with it.
        if (++failures >= 10) {
          this.stop();
          this.onGone(error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
  }
}
