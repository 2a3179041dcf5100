import dgram from 'node:dgram';
import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import type { CampaignDoc } from '../../server/features/campaigns/public.js';
import type { LeadDoc } from '../../server/features/leads/public.js';
import { recordingPlanFor } from '../../server/features/dialer/recording-consent.js';
import { RtpRelay, type RelayTap } from '../../server/platform/telephony/rtp-relay.js';

// Disclosure and consent (issue 30): which calls are announced and which are not recorded, and the relay playing the
// announcement to the lead alone.

const campaign = (settings: Partial<CampaignDoc>) => ({ _id: new ObjectId(), ...settings }) as CampaignDoc;
const lead = (state?: string) => ({ _id: new ObjectId(), details: state ? { state } : {} }) as unknown as LeadDoc;

describe('the recording plan of a dial', () => {
  it('announces when the campaign says so, and then records every lead, consent states included', () => {
    const both = campaign({ announceRecording: true, noRecordingInConsentStates: true });
    expect(recordingPlanFor(both, lead('CA'), '5550100005')).toEqual({ announceRecording: true });
  });

  it('leaves a lead in an all-party-consent state unrecorded when the switch is on and the announcement off', () => {
    const switched = campaign({ noRecordingInConsentStates: true });
    for (const state of ['CA', 'CT', 'FL', 'IL', 'MD', 'MA', 'MI', 'MT', 'NV', 'NH', 'PA', 'WA'])
      expect(recordingPlanFor(switched, lead(state), '5550100005')).toEqual({
        recordingOff: { reason: 'consent-state', state },
      });
    // The state from the number's area code, as for calling hours (305: Florida), when the lead gives none.
    expect(recordingPlanFor(switched, lead(), '3055550100')).toEqual({
      recordingOff: { reason: 'consent-state', state: 'FL' },
    });
    expect(recordingPlanFor(switched, lead('tx'), '3055550100')).toEqual({});
    expect(recordingPlanFor(switched, lead(), '5550100005')).toEqual({});
  });

  it('records everyone, unannounced, with both settings off or no campaign', () => {
    expect(recordingPlanFor(campaign({}), lead('CA'), '5550100005')).toEqual({});
    expect(recordingPlanFor(null, null, '3055550100')).toEqual({});
  });
});

describe('the relay playing the announcement', () => {
  it('sends the lead the announcement instead of the room (a barge or whisper included), the room still hears the lead, then the room again', async () => {
    const relay = await RtpRelay.open('127.0.0.1');
    const bind = () =>
      new Promise<dgram.Socket>((resolve) => {
        const socket = dgram.createSocket('udp4');
        socket.bind(0, '127.0.0.1', () => resolve(socket));
      });
    const [janus, far] = await Promise.all([bind(), bind()]);
    const received = { janus: [] as Buffer[], lead: [] as Buffer[] };
    janus.on('message', (m) => received.janus.push(m));
    far.on('message', (m) => received.lead.push(m));
    relay.connectJanus({ ip: '127.0.0.1', port: janus.address().port });
    relay.connectFar({ ip: '127.0.0.1', port: far.address().port });
    // A coach whispering (into the room) and barging (towards the lead): 0x44 and 0x55 mark their audio.
    const coach: RelayTap = {
      towardsRoom: (payload) => Buffer.alloc(payload.length, 0x44),
      towardsLead: (payload) => Buffer.alloc(payload.length, 0x55),
      relayClosed: () => undefined,
    };
    relay.addTap(coach);
    const rtp = (byte: number, ts: number) => {
      const packet = Buffer.alloc(172, byte);
      packet[0] = 0x80;
      packet[1] = 0; // PCMU
      packet.writeUInt32BE(ts, 4);
      return packet;
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const talk = async (from: number, packets: number) => {
      for (let i = 0; i < packets; i++) {
        janus.send(rtp(0x11, from + i * 160), relay.janusSideAddress.port, '127.0.0.1');
        far.send(rtp(0x22, from + i * 160), relay.farSideAddress.port, '127.0.0.1');
        await pause(20);
      }
      await pause(60);
    };
    const payloadByte = (packet: Buffer) => packet[20];
    try {
      // 0.5 s of "speech" (0x33), 25 frames.
      const played = relay.announce(Buffer.alloc(4_000, 0x33));
      expect(relay.announcing).toBe(true);
      await talk(0, 10);
      expect(received.lead.length).toBeGreaterThan(5);
      expect(received.lead.every((p) => payloadByte(p) === 0x33)).toBe(true);
      // The room keeps hearing the lead (with the whisper added for the agent).
      expect(received.janus.filter((p) => payloadByte(p) === 0x44).length).toBeGreaterThanOrEqual(5);
      await played;
      expect(relay.announcing).toBe(false);
      expect(relay.counts.announcementFrames).toBe(25);
      await pause(50); // the last frame's packet in flight
      received.lead.length = 0;
      await talk(1_600, 5);
      // After it: the room's mix with the barge, never the whisper.
      expect(received.lead.some((p) => payloadByte(p) === 0x55)).toBe(true);
      expect(received.lead.some((p) => payloadByte(p) === 0x33 || payloadByte(p) === 0x44)).toBe(false);
    } finally {
      relay.close();
      janus.close();
      far.close();
    }
  });

  it('gives way to hold: the announcement stops and the hold tone plays', async () => {
    const relay = await RtpRelay.open('127.0.0.1');
    try {
      const played = relay.announce(Buffer.alloc(80_000, 0x33));
      relay.hold();
      await played;
      expect(relay.announcing).toBe(false);
      expect(relay.held).toBe(true);
    } finally {
      relay.close();
    }
  });
});
