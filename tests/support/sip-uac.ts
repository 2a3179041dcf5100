// A minimal SIP caller over UDP with a plain RTP socket: enough to place one call to the lead phone, exchange G.711
// RTP with it and hang up, so tests can check the carrier's media without a browser.
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';

const LOOPBACK = '127.0.0.1';

interface SipMessage {
  status?: number;
  method?: string;
  headers: Map<string, string>;
  body: string;
}

function parse(text: string): SipMessage {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [first = '', ...lines] = head.split('\r\n');
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const status = /^SIP\/2\.0 (\d{3})/.exec(first);
  return status ? { status: Number(status[1]), headers, body } : { method: first.split(' ')[0], headers, body };
}

const token = () => randomBytes(6).toString('hex');

export interface RtpPacket {
  payloadType: number;
  payload: Buffer;
}

export class SipUac {
  /** Responses received, as "<status> <method>" (e.g. "180 INVITE", "200 BYE"), each once. */
  readonly responses: string[] = [];
  readonly received: RtpPacket[] = [];
  remoteBye = false;
  private readonly callId = `${token()}@${LOOPBACK}`;
  private readonly fromTag = token();
  private toHeader = '';
  private remoteTarget = '';
  private remoteMedia: { host: string; port: number } | null = null;
  private readonly waiters: Array<() => void> = [];
  private sequence = 0;

  private constructor(
    private readonly sip: dgram.Socket,
    private readonly rtp: dgram.Socket,
    private readonly host: string,
    private readonly port: number,
    private readonly number: string,
  ) {
    sip.on('message', (data) => this.onSip(parse(data.toString('utf8'))));
    rtp.on('message', (data) => {
      if (data.length > 12) this.received.push({ payloadType: data[1]! & 0x7f, payload: data.subarray(12) });
      this.wake();
    });
  }

  static async call(host: string, port: number, number: string): Promise<SipUac> {
    const bind = () =>
      new Promise<dgram.Socket>((resolve) => {
        const socket = dgram.createSocket('udp4');
        socket.bind(0, LOOPBACK, () => resolve(socket));
      });
    const uac = new SipUac(await bind(), await bind(), host, port, number);
    uac.invite();
    return uac;
  }

  private get sipPort() {
    return this.sip.address().port;
  }

  private send(lines: string[], body = '') {
    const text = `${lines.join('\r\n')}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    this.sip.send(text, this.port, this.host);
  }

  private common(method: string, cseq: number, branch: string, to: string): string[] {
    return [
      `Via: SIP/2.0/UDP ${LOOPBACK}:${this.sipPort};branch=z9hG4bK${branch};rport`,
      'Max-Forwards: 70',
      `From: <sip:tester@${LOOPBACK}>;tag=${this.fromTag}`,
      `To: ${to}`,
      `Call-ID: ${this.callId}`,
      `CSeq: ${cseq} ${method}`,
      `Contact: <sip:tester@${LOOPBACK}:${this.sipPort}>`,
    ];
  }

  private inviteBranch = token();

  private invite() {
    const sdp = [
      'v=0',
      `o=tester 1 1 IN IP4 ${LOOPBACK}`,
      's=-',
      `c=IN IP4 ${LOOPBACK}`,
      't=0 0',
      `m=audio ${this.rtp.address().port} RTP/AVP 0`,
      'a=rtpmap:0 PCMU/8000',
      'a=sendrecv',
      '',
    ].join('\r\n');
    const uri = `sip:${this.number}@${this.host}:${this.port}`;
    this.send(
      [
        `INVITE ${uri} SIP/2.0`,
        ...this.common('INVITE', 1, this.inviteBranch, `<${uri}>`),
        'Content-Type: application/sdp',
      ],
      sdp,
    );
  }

  private onSip(message: SipMessage) {
    if (message.status) {
      const cseq = message.headers.get('cseq') ?? '';
      const response = `${message.status} ${cseq.split(' ').pop()}`;
      if (!this.responses.includes(response)) this.responses.push(response);
      if (cseq.endsWith('INVITE') && message.status >= 200) {
        this.toHeader = message.headers.get('to') ?? '';
        const uri = `sip:${this.number}@${this.host}:${this.port}`;
        if (message.status < 300) {
          this.remoteTarget = /<([^>]+)>/.exec(message.headers.get('contact') ?? '')?.[1] ?? uri;
          const media = /m=audio (\d+)/.exec(message.body);
          const address = /c=IN IP4 ([\d.]+)/.exec(message.body);
          if (media) this.remoteMedia = { host: address?.[1] ?? this.host, port: Number(media[1]) };
          this.send([`ACK ${this.remoteTarget} SIP/2.0`, ...this.common('ACK', 1, token(), this.toHeader)]);
        } else {
          this.send([`ACK ${uri} SIP/2.0`, ...this.common('ACK', 1, this.inviteBranch, this.toHeader)]);
        }
      }
    } else if (message.method === 'BYE') {
      this.remoteBye = true;
      this.send([
        'SIP/2.0 200 OK',
        ...['via', 'from', 'to', 'call-id', 'cseq'].map((h) => `${h}: ${message.headers.get(h) ?? ''}`),
      ]);
    }
    this.wake();
  }

  private wake() {
    for (const wake of this.waiters.splice(0)) wake();
  }

  async until(what: string, check: () => boolean, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!check()) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`${what} did not happen within ${ms} ms (responses: ${this.responses.join(', ')})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Sends `count` 20 ms PCMU packets, one every 20 ms, each filled with `fill(index)`. */
  async sendAudio(count: number, fill: (index: number) => number): Promise<void> {
    if (!this.remoteMedia) throw new Error('The call has no media address (not answered).');
    for (let i = 0; i < count; i++) {
      const packet = Buffer.alloc(12 + 160);
      packet[0] = 0x80;
      packet[1] = 0;
      packet.writeUInt16BE(this.sequence++ & 0xffff, 2);
      packet.writeUInt32BE(i * 160, 4);
      packet.writeUInt32BE(0x1234abcd, 8);
      packet.fill(fill(i), 12);
      this.rtp.send(packet, this.remoteMedia.port, this.remoteMedia.host);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  bye(): void {
    this.send([`BYE ${this.remoteTarget} SIP/2.0`, ...this.common('BYE', 2, token(), this.toHeader)]);
  }

  close(): void {
    this.sip.close();
    this.rtp.close();
  }
}
