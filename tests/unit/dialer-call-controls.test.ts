import dgram from 'node:dgram';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/platform/clock.js';
import { callTransition, startCall, type CallSnapshot } from '../../server/features/dialer/machine.js';
import { DialerRuleMessages } from '../../shared/schemas/dialer/messages.js';
import { DtmfReceiver, eventPayload, sendEvents, telephoneEventOf } from '../../server/platform/telephony/dtmf.js';
import { holdPattern } from '../../server/platform/telephony/hold-tone.js';
import { LeadStream } from '../../server/platform/telephony/lead-stream.js';
import { RtpRelay } from '../../server/platform/telephony/rtp-relay.js';
import { muLawToPcm16 } from '../../server/platform/speech/g711.js';

// Hold and the keypad: the dialer's rules, the RFC 4733 events, the hold tone, and the relay's hold on real sockets.
const clock = new ManualClock(new Date('2026-01-05T15:00:00Z'));
const PROVIDER = 'Phone';

function step(call: CallSnapshot, command: Parameters<typeof callTransition>[1]): CallSnapshot {
  const result = callTransition(call, command, PROVIDER, clock);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

function connectedCall(): CallSnapshot {
  const started = startCall({ phone: '5550100005', phoneStatus: 'connected', liveCall: null }, PROVIDER, clock);
  if (!started.ok) throw new Error(started.error);
  return step(started.value, { type: 'answered' });
}

describe('hold and keys in the call machine', () => {
  it('hold needs a connected call; applied by the provider; the end clears it', () => {
    const started = startCall({ phone: '5550100005', phoneStatus: 'connected', liveCall: null }, PROVIDER, clock);
    if (!started.ok) throw new Error(started.error);
    expect(callTransition(started.value, { type: 'hold', held: true }, PROVIDER, clock)).toMatchObject({
      ok: false,
      error: DialerRuleMessages.noConnectedCallToHold,
    });
    expect(callTransition(started.value, { type: 'digits' }, PROVIDER, clock)).toMatchObject({
      ok: false,
      error: DialerRuleMessages.noConnectedCallForKeys,
    });
    const call = connectedCall();
    expect(callTransition(call, { type: 'hold', held: true }, PROVIDER, clock)).toMatchObject({
      ok: true,
      changed: false,
    });
    const held = step(call, { type: 'hold-applied', held: true });
    expect(held.held).toBe(true);
    expect(callTransition(held, { type: 'hold-applied', held: true }, PROVIDER, clock)).toMatchObject({
      changed: false,
    });
    const ended = step(held, { type: 'hangup' });
    expect(ended.held).toBe(false);
    expect(callTransition(ended, { type: 'hold-applied', held: true }, PROVIDER, clock)).toMatchObject({
      changed: false,
    });
    expect(step(step(held, { type: 'hold-applied', held: false }), { type: 'digits' }).held).toBe(false);
  });
});

describe('DTMF', () => {
  it('finds telephone-event in an answer only when its payload type is on the audio line', () => {
    const answer = (m: string, rtpmap = 'a=rtpmap:101 telephone-event/8000') =>
      ['v=0', 'c=IN IP4 127.0.0.1', m, 'a=rtpmap:0 PCMU/8000', rtpmap].join('\r\n');
    expect(telephoneEventOf(answer('m=audio 4000 RTP/AVP 0 8 101'))).toBe(101);
    expect(telephoneEventOf(answer('m=audio 4000 RTP/AVP 0 96', 'a=rtpmap:96 telephone-event/8000'))).toBe(96);
    expect(telephoneEventOf(answer('m=audio 4000 RTP/AVP 0 8'))).toBeUndefined();
    expect(telephoneEventOf(answer('m=audio 4000 RTP/AVP 0', ''))).toBeUndefined();
  });

  it('sends each key as RFC 4733 events (marker first, one timestamp, end three times) and reads them back', async () => {
    const sent: Array<{ payload: Buffer; marker: boolean; timestamp: number }> = [];
    let ts = 1_000;
    await sendEvents(
      '5#',
      (payload, options) => sent.push({ payload, ...options }),
      () => (ts += 800),
    );
    const first = sent.filter((p) => p.timestamp === sent[0]!.timestamp);
    expect(first.map((p) => p.payload[0])).toEqual(new Array(8).fill(5));
    expect(first.map((p) => p.marker)).toEqual([true, false, false, false, false, false, false, false]);
    expect(first.map((p) => Boolean(p.payload[1]! & 0x80))).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(first.at(-1)!.payload.readUInt16BE(2)).toBe(800);
    const keys: string[] = [];
    const receiver = new DtmfReceiver((key) => keys.push(key));
    for (const packet of sent) receiver.take(packet.payload, packet.timestamp);
    expect(keys).toEqual(['5', '#']);
    expect(eventPayload('*', false, 160)[0]).toBe(10);
  });
});

describe('the hold tone', () => {
  it('is a repeating pattern with no silent stretch (the lead never hears silence)', () => {
    const pcm = muLawToPcm16(holdPattern());
    expect(pcm.length).toBe(8_000 * 1.6);
    for (let at = 0; at + 160 <= pcm.length; at += 160) {
      const frame = pcm.subarray(at, at + 160);
      const rms = Math.sqrt(frame.reduce((sum, v) => sum + v * v, 0) / frame.length);
      expect(rms).toBeGreaterThan(300);
    }
  });

  it('continues one RTP stream across a change of source', () => {
    const stream = new LeadStream();
    const packet = (ts: number, seq: number) => {
      const p = Buffer.alloc(172);
      p[0] = 0x80;
      p.writeUInt16BE(seq, 2);
      p.writeUInt32BE(ts, 4);
      return p;
    };
    const a = stream.renumber(packet(5_000, 10), 'room');
    const b = stream.renumber(packet(5_160, 11), 'room');
    const c = stream.renumber(packet(0, 0), 'hold');
    expect(b.readUInt32BE(4) - a.readUInt32BE(4)).toBe(160);
    expect((c.readUInt16BE(2) - b.readUInt16BE(2)) & 0xffff).toBe(1);
    expect(c.readUInt32BE(4) - b.readUInt32BE(4)).toBeGreaterThanOrEqual(0);
    expect(c[1]! & 0x80).toBe(0x80);
    expect(new Set([a, b, c].map((p) => p.readUInt32BE(8))).size).toBe(1);
  });
});

describe('the relay on hold', () => {
  it('sends the lead the hold tone instead of the room, stops feeding the room, and resumes both', async () => {
    const relay = await RtpRelay.open('127.0.0.1');
    const bind = () =>
      new Promise<dgram.Socket>((resolve) => {
        const socket = dgram.createSocket('udp4');
        socket.bind(0, '127.0.0.1', () => resolve(socket));
      });
    const [janus, lead] = await Promise.all([bind(), bind()]);
    const fromRelay = { janus: [] as Buffer[], lead: [] as Buffer[] };
    janus.on('message', (m) => fromRelay.janus.push(m));
    lead.on('message', (m) => fromRelay.lead.push(m));
    relay.connectJanus({ ip: '127.0.0.1', port: janus.address().port });
    relay.connectFar({ ip: '127.0.0.1', port: lead.address().port });
    const rtp = (byte: number, ts: number) => {
      const p = Buffer.alloc(172, byte);
      p[0] = 0x80;
      p[1] = 0;
      p.writeUInt32BE(ts, 4);
      return p;
    };
    const far = relay.farSideAddress;
    const janusSide = relay.janusSideAddress;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const talk = async (from: number) => {
      for (let i = 0; i < 5; i++) {
        janus.send(rtp(0x11, from + i * 160), janusSide.port, janusSide.ip);
        lead.send(rtp(0x22, from + i * 160), far.port, far.ip);
        await pause(20);
      }
      await pause(100);
    };
    try {
      await talk(0);
      const before = { janus: fromRelay.janus.length, lead: fromRelay.lead.length };
      expect(fromRelay.lead.some((p) => p[20] === 0x11)).toBe(true);
      relay.hold();
      expect(relay.held).toBe(true);
      fromRelay.lead.length = 0;
      await talk(800);
      expect(fromRelay.janus.length).toBe(before.janus);
      expect(fromRelay.lead.some((p) => p[20] === 0x11)).toBe(false);
      expect(fromRelay.lead.length).toBeGreaterThan(5);
      expect(relay.counts.holdFrames).toBeGreaterThan(5);
      relay.resume();
      fromRelay.lead.length = 0;
      await talk(1_600);
      expect(fromRelay.janus.length).toBeGreaterThan(before.janus);
      expect(fromRelay.lead.some((p) => p[20] === 0x11)).toBe(true);
    } finally {
      relay.close();
      janus.close();
      lead.close();
    }
  });
});
