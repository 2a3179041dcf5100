// The local carrier (npm run telephony): Janus's SIP plugin, driven over its HTTP API as the server will drive it,
// places real SIP calls to the SIPp lead phone, which answers by the number plan and logs every INVITE.
// Media is not exercised here (the WebRTC offer has no ICE peer behind it): see docs/telephony.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localCarrierProblem,
  readLeadPhoneLog,
  startLocalCarrier,
  type LocalCarrier,
} from '../../server/platform/telephony/local-carrier.js';
import { JanusSipCaller } from '../support/janus-sip.js';
import { SipUac } from '../support/sip-uac.js';

const missing = localCarrierProblem();
const AGENT = 'sip:agent-7@127.0.0.1';

describe.skipIf(missing !== null)('local carrier: Janus SIP plugin -> SIPp lead phone', () => {
  let carrier: LocalCarrier;
  let dataDir: string;
  const callers: JanusSipCaller[] = [];
  const uacs: SipUac[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cw-telephony-'));
    carrier = await startLocalCarrier({ dataDir });
  });

  afterAll(async () => {
    await Promise.all(callers.map((caller) => caller.close()));
    for (const uac of uacs) uac.close();
    await carrier?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function dial(number: string): Promise<JanusSipCaller> {
    const caller = await JanusSipCaller.open(carrier.janusUrl, carrier.apiSecret, AGENT);
    callers.push(caller);
    await caller.call(`sip:${number}@${carrier.sipHost}:${carrier.sipPort}`);
    return caller;
  }

  function logFor(number: string) {
    return readLeadPhoneLog(carrier.leadPhoneLog).filter((line) => line.to === number);
  }

  it('serves the Janus API on loopback only and refuses requests without the api_secret', async () => {
    expect(new URL(carrier.janusUrl).hostname).toBe('127.0.0.1');
    expect(carrier.sipUri).toBe(`sip:127.0.0.1:${carrier.sipPort}`);
    const refused = await JanusSipCaller.request(carrier.janusUrl, { janus: 'create' });
    expect(refused.error?.code).toBe(403);
    const wrong = await JanusSipCaller.request(carrier.janusUrl, { janus: 'create', apisecret: 'not-the-secret' });
    expect(wrong.error?.code).toBe(403);
  });

  it('555-010-0002 answers busy (486) and the INVITE is logged', async () => {
    const caller = await dial('5550100002');
    const hangup = await caller.waitFor('hangup');
    expect(hangup).toMatchObject({ code: 486, reason: 'Busy Here' });
    expect(caller.events.some((e) => e.event === 'accepted')).toBe(false);
    await expect.poll(() => logFor('5550100002')).toHaveLength(1);
    const [line] = logFor('5550100002');
    expect(line).toMatchObject({ from: AGENT, to: '5550100002', outcome: 'busy' });
    expect(Number.isNaN(Date.parse(line!.at))).toBe(false);
  });

  it('555-010-0003 rings and never answers; the caller giving up cancels the INVITE (487)', async () => {
    const caller = await dial('5550100003');
    await caller.waitFor('ringing');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(caller.events.some((e) => e.event === 'accepted')).toBe(false);
    await caller.hangup();
    expect(await caller.waitFor('hangup')).toMatchObject({ code: 487 });
    await expect.poll(() => logFor('5550100003')).toHaveLength(1);
    expect(logFor('5550100003')[0]).toMatchObject({ from: AGENT, outcome: 'no-answer' });
  });

  it('555-010-0001 rings, answers with G.711 and hangs up by itself 6 s later; 555-010-0004 answers send-only (its greeting) and hangs up after 3 s', async () => {
    const [echo, greeting] = await Promise.all([dial('5550100001'), dial('5550100004')]);

    await echo.waitFor('ringing');
    const echoAnswer = await echo.waitFor('accepted');
    expect(echoAnswer.jsep?.type).toBe('answer');
    expect(echoAnswer.jsep?.sdp).toMatch(/a=rtpmap:(0 PCMU|8 PCMA)\/8000/);
    expect(echoAnswer.jsep?.sdp).toContain('a=sendrecv');

    const greetingAnswer = await greeting.waitFor('accepted');
    // The lead phone only sends on this number: Janus's answer sends the greeting and asks for no audio back.
    expect(greetingAnswer.jsep?.sdp).toContain('a=sendonly');

    // Neither caller hangs up: both calls are ended by the lead phone's BYE.
    const greetingHangup = await greeting.waitFor('hangup', 10_000);
    expect(greetingHangup).toMatchObject({ code: 200 });
    expect(greetingHangup.receivedAt - greetingAnswer.receivedAt).toBeGreaterThanOrEqual(2500);
    const echoHangup = await echo.waitFor('hangup', 15_000);
    expect(echoHangup).toMatchObject({ code: 200 });
    expect(echoHangup.receivedAt - echoAnswer.receivedAt).toBeGreaterThanOrEqual(5500);

    expect(logFor('5550100001')).toEqual([expect.objectContaining({ from: AGENT, outcome: 'answered-echo-6s' })]);
    expect(logFor('5550100004')).toEqual([expect.objectContaining({ from: AGENT, outcome: 'answered-greeting' })]);
  });

  it('555-010-0005 answers and stays on the line until the caller hangs up', async () => {
    const caller = await dial('5550100005');
    await caller.waitFor('accepted');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(caller.events.some((e) => e.event === 'hangup')).toBe(false);
    await caller.hangup();
    await caller.waitFor('hangup');
    expect(logFor('5550100005')).toEqual([expect.objectContaining({ from: AGENT, outcome: 'answered-echo' })]);
  });

  it('a number outside the plan is not found (404), and +1 numbers reach the same plan', async () => {
    const unknown = await dial('5550100099');
    expect(await unknown.waitFor('hangup')).toMatchObject({ code: 404 });
    const e164 = await dial('+15550100002');
    expect(await e164.waitFor('hangup')).toMatchObject({ code: 486 });
    await expect.poll(() => logFor('5550100099')).toEqual([expect.objectContaining({ outcome: 'not-found' })]);
    await expect.poll(() => logFor('5550100002')).toHaveLength(2);
  });

  it('media: 555-010-0005 echoes the RTP it receives; 555-010-0004 sends a 3 s greeting that is not silence, then hangs up', async () => {
    const [echo, greeting] = await Promise.all(
      ['5550100005', '5550100004'].map((number) => SipUac.call(carrier.sipHost, carrier.sipPort, number)),
    );
    uacs.push(echo!, greeting!);

    await echo!.until('the echo number answering', () => echo!.responses.includes('200 INVITE'));
    const fillFor = (index: number) => 0x10 + (index % 64);
    await echo!.sendAudio(50, fillFor);
    await echo!.until('the echo coming back', () => echo!.received.length >= 45, 5000);
    const sentBytes = new Set(Array.from({ length: 50 }, (_, index) => fillFor(index)));
    for (const packet of echo!.received) {
      expect(packet.payloadType).toBe(0);
      expect(sentBytes.has(packet.payload[0]!)).toBe(true);
    }
    echo!.bye();
    await echo!.until('the BYE answered', () => echo!.responses.includes('200 BYE'));

    await greeting!.until('the greeting number answering', () => greeting!.responses.includes('200 INVITE'));
    await greeting!.until('the greeting number hanging up', () => greeting!.remoteBye, 10_000);
    const audio = Buffer.concat(greeting!.received.map((packet) => packet.payload));
    // 3 s of 8 kHz mu-law is 24000 bytes; allow for the first packets racing the ACK.
    expect(audio.length).toBeGreaterThanOrEqual(22_000);
    expect(greeting!.received.every((packet) => packet.payloadType === 0)).toBe(true);
    expect(new Set(audio).size).toBeGreaterThan(20);
  });

  it('stops Janus and the lead phone, releasing their ports', async () => {
    await carrier.stop();
    const after = await fetch(`${carrier.janusUrl}/info`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(after).toBe('refused');
  });
});
