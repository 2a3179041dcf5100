// The local carrier's "inbound call": a lead phone calling a campaign's number. The carrier's plan sends the
// campaigns' numbers (555-020-xxxx) to this app's SIP endpoint, written by the API process that runs the carrier to
// `DATA_DIR/telephony/app-sip.json`; a one-call SIPp (the same `sip-tester` as the lead phone) places the call from the
// given lead number, plays audio once answered (looped) and hangs up after a while unless the app hangs up first.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SipConfig } from '../config.js';
import { freeUdpPort } from './sip-leg.js';

export interface InboundCallRequest {
  /** The carrier's directory (`DATA_DIR/telephony`): the scenario, its logs and the default audio go there. */
  carrierDir: string;
  /** The app's SIP endpoint, sip:<host>:<port>. */
  target: string;
  /** The lead's number (10 digits) and the campaign's number it calls. */
  from: string;
  to: string;
  /** 8 kHz mu-law played to the app once answered, looped; default the carrier's greeting (three rising tones). */
  audioFile?: string;
  /** The lead hangs up this long after the answer unless the app hung up first (default 10 s). */
  talkMs?: number;
}

export interface InboundCallResult {
  /** answered: the app answered (an agent or the voicemail); rejected: it refused (480...); failed: no final answer. */
  outcome: 'answered' | 'rejected' | 'failed';
  /** Who hung up an answered call. */
  endedBy?: 'lead' | 'app';
}

const APP_SIP_FILE = 'app-sip.json';
const LOOPBACK = '127.0.0.1';

/**
 * The API process running the local carrier gives its SIP stack a fixed port and writes where it listens, so the
 * carrier's inbound calls find it. Answers the SIP settings with that port.
 */
export async function pinAppSipEndpoint(carrierDir: string, sip: SipConfig): Promise<SipConfig> {
  const host = sip.localIp ?? '127.0.0.2';
  const localPort = sip.localPort ?? (await freeUdpPort(host));
  mkdirSync(carrierDir, { recursive: true });
  writeFileSync(path.join(carrierDir, APP_SIP_FILE), JSON.stringify({ sipUri: `sip:${host}:${localPort}` }));
  return { ...sip, localPort };
}

/** The app's SIP endpoint as its API process wrote it, or null when no app running the carrier wrote one. */
export function readAppSipEndpoint(carrierDir: string): string | null {
  const file = path.join(carrierDir, APP_SIP_FILE);
  if (!existsSync(file)) return null;
  return (JSON.parse(readFileSync(file, 'utf8')) as { sipUri?: string }).sipUri ?? null;
}

/** The caller's SIPp scenario: INVITE, ACK the answer, play, then wait for the app's BYE or send one. */
export function inboundCallScenario({
  from,
  to,
  audioFile,
  talkMs,
}: Required<Omit<InboundCallRequest, 'carrierDir' | 'target'>>): string {
  const headers = (method: string, cseq: number) => `${method} sip:${to}@[remote_ip]:[remote_port] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      From: <sip:${from}@[local_ip]:[local_port]>;tag=[pid]IC[call_number]
      To: <sip:${to}@[remote_ip]:[remote_port]>[peer_tag_param]
      Call-ID: [call_id]
      CSeq: ${cseq} ${method}
      Contact: <sip:${from}@[local_ip]:[local_port]>
      Max-Forwards: 70`;
  return `<?xml version="1.0" encoding="ISO-8859-1" ?>
<!DOCTYPE scenario SYSTEM "sipp.dtd">
<scenario name="inbound call ${from} -> ${to}">
  <send retrans="500">
    <![CDATA[

      ${headers('INVITE', 1)}
      Content-Type: application/sdp
      Content-Length: [len]

      v=0
      o=lead 1 1 IN IP[local_ip_type] [local_ip]
      s=-
      c=IN IP[media_ip_type] [media_ip]
      t=0 0
      m=audio [rtpstream_audio_port] RTP/AVP 0
      a=rtpmap:0 PCMU/8000
      a=sendrecv

    ]]>
  </send>
  <recv response="100" optional="true"/>
  <recv response="180" optional="true"/>
  <recv response="183" optional="true"/>
  <recv response="480" optional="true" next="rejected"/>
  <recv response="486" optional="true" next="rejected"/>
  <recv response="404" optional="true" next="rejected"/>
  <recv response="200" timeout="120000" ontimeout="gave_up">
    <action><log message="INBOUNDCALL|answered"/></action>
  </recv>
  <send>
    <![CDATA[

      ${headers('ACK', 1)}
      Content-Length: 0

    ]]>
  </send>
  <nop><action><exec rtp_stream="${audioFile},-1,0"/></action></nop>
  <recv request="BYE" timeout="${talkMs}" ontimeout="hang_up">
    <action><log message="INBOUNDCALL|app-hung-up"/></action>
  </recv>
  <send>
    <![CDATA[

      SIP/2.0 200 OK
      [last_Via:]
      [last_From:]
      [last_To:]
      [last_Call-ID:]
      [last_CSeq:]
      Content-Length: 0

    ]]>
  </send>
  <nop next="end"/>
  <label id="hang_up"/>
  <nop><action><log message="INBOUNDCALL|lead-hung-up"/></action></nop>
  <send retrans="500">
    <![CDATA[

      ${headers('BYE', 2)}
      Content-Length: 0

    ]]>
  </send>
  <recv response="200" timeout="5000" ontimeout="end"/>
  <nop next="end"/>
  <label id="rejected"/>
  <nop><action><log message="INBOUNDCALL|rejected"/></action></nop>
  <send>
    <![CDATA[

      ${headers('ACK', 1)}
      Content-Length: 0

    ]]>
  </send>
  <nop next="end"/>
  <label id="gave_up"/>
  <nop><action><log message="INBOUNDCALL|failed"/></action></nop>
  <label id="end"/>
</scenario>
`;
}

/** Places one inbound call with SIPp and resolves once it is over. */
export async function placeInboundCall(request: InboundCallRequest): Promise<InboundCallResult> {
  const target = new URL(request.target.replace(/^sips?:/, 'http://'));
  const id = `inbound-${process.pid}-${Date.now()}`;
  const scenario = path.join(request.carrierDir, `${id}.xml`);
  const log = path.join(request.carrierDir, `${id}.log`);
  writeFileSync(
    scenario,
    inboundCallScenario({
      from: request.from,
      to: request.to,
      audioFile: request.audioFile ?? path.join(request.carrierDir, 'greeting.ulaw'),
      talkMs: request.talkMs ?? 10_000,
    }),
  );
  const [sipPort, mediaPort] = [await freeUdpPort(LOOPBACK), await freeUdpPort(LOOPBACK)];
  const sipp = spawn(
    'sipp',
    [
      `${target.hostname}:${target.port || 5060}`,
      '-sf',
      scenario,
      '-i',
      LOOPBACK,
      '-p',
      String(sipPort),
      '-mp',
      String(mediaPort),
      '-m',
      '1',
      '-trace_logs',
      '-log_file',
      log,
      '-nostdin',
      '-timeout',
      '180s',
    ],
    { cwd: request.carrierDir, stdio: 'ignore' },
  );
  await new Promise<void>((resolve) => sipp.once('exit', () => resolve()));
  const lines = existsSync(log) ? readFileSync(log, 'utf8') : '';
  if (lines.includes('INBOUNDCALL|rejected')) return { outcome: 'rejected' };
  if (!lines.includes('INBOUNDCALL|answered')) return { outcome: 'failed' };
  return { outcome: 'answered', endedBy: lines.includes('INBOUNDCALL|app-hung-up') ? 'app' : 'lead' };
}
