// Disclosure and consent (issue 30) against the local carrier, room model: the campaign's "announce recording and
// monitoring" plays the espeak-ng announcement to the lead on answer, and "don't record leads in all-party-consent
// states" leaves a California lead's call unrecorded unless the announcement is on. What the lead received is read
// from the lead phone's echo (555-010-0005 sends back every packet it gets), which the recording's right channel holds.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { CallHistoryPage } from '../../shared/schemas/dialer/history.js';
import { localCarrierProblem } from '../../server/platform/telephony/local-carrier.js';
import { HOLD_FRAME_SAMPLES } from '../../server/platform/telephony/hold-tone.js';
import { MULAW_TO_PCM16 } from '../../server/platform/speech/g711.js';
import { recordingAnnouncement } from '../../server/platform/telephony/recording-announcement.js';
import { espeakProblem } from '../../server/platform/speech/lead-speech.js';
import { createCallableLead, storedCall, waitForCallState, zoneWithLocalHour } from '../support/dialer.js';
import { addAgents, createCampaignWithAgents } from '../support/leads.js';
import { startSipTestApp, type SipTestApp } from '../support/sip-app.js';
import { WebrtcAgentTab } from '../support/webrtc-agent.js';

const missing = localCarrierProblem() ?? espeakProblem();

/** Every 5th 20 ms frame of the announcement's spoken part, as the 16-bit samples a recording holds. */
function announcementFrames(audio: Buffer): Buffer[] {
  const frames: Buffer[] = [];
  for (let frame = 20; (frame + 1) * HOLD_FRAME_SAMPLES <= audio.length - 2_400; frame += 5) {
    const samples = Int16Array.from(
      audio.subarray(frame * HOLD_FRAME_SAMPLES, (frame + 1) * HOLD_FRAME_SAMPLES),
      (b) => MULAW_TO_PCM16[b]!,
    );
    frames.push(Buffer.from(samples.buffer));
  }
  return frames;
}

/** How many of `frames` appear sample for sample in the channel. */
function framesIn(channel: Int16Array, frames: Buffer[]): number {
  const bytes = Buffer.from(channel.buffer, channel.byteOffset, channel.byteLength);
  return frames.filter((frame) => {
    for (let at = bytes.indexOf(frame); at >= 0; at = bytes.indexOf(frame, at + 1)) if (at % 2 === 0) return true;
    return false;
  }).length;
}

describe.skipIf(missing !== null)('recording disclosure and consent, against the local carrier', () => {
  let sip: SipTestApp;
  let announcement: Buffer;
  let cacheDir: string;
  const tabs: WebrtcAgentTab[] = [];

  beforeAll(async () => {
    sip = await startSipTestApp({ agents: 1, dataDirPrefix: 'cw-room-consent-' });
    cacheDir = mkdtempSync(path.join(tmpdir(), 'cw-announcement-'));
    // The same words the app speaks (espeak-ng and the line noise are deterministic).
    announcement = await recordingAnnouncement(cacheDir);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(tabs.map((tab) => tab.close()));
    await sip?.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  /** A fresh campaign with the settings, a California lead on the echo number, the agent's tab on the call. */
  async function callCaliforniaLead(settings: { announceRecording: boolean; noRecordingInConsentStates: boolean }) {
    const [agent] = sip.agents as [(typeof sip.agents)[number]];
    const setup = await createCampaignWithAgents(sip.testApp, 0);
    const saved = await sip.http.patch<{ announceRecording: boolean; noRecordingInConsentStates: boolean }>(
      `/campaigns/${setup.campaignId}`,
      { timeZone: zoneWithLocalHour(10, 18), ...settings },
      { token: setup.owner.accessToken },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject(settings);
    await addAgents(sip.testApp, setup.campaignId, [agent]);
    const lead = await createCallableLead(sip.testApp, setup.campaignId, agent.user, '5550100005', {
      name: 'Consent Lead',
      details: { state: 'CA' },
    });
    const socket = await sip.testApp.socket(agent.accessToken);
    const tab = new WebrtcAgentTab(socket);
    tabs.push(tab);
    expect(await tab.offer()).toEqual({ ok: true });
    const started = await sip.http.post<CallView>(
      '/dialer/calls',
      { phone: '5550100005', leadId: lead._id.toHexString() },
      { token: agent.accessToken },
    );
    expect(started.status).toBe(201);
    const id = started.body.id;
    await waitForCallState(sip.testApp, id, 'connected', 20_000);
    // The announcement's length and a second more: whatever the lead heard in it came back through the echo.
    await new Promise((resolve) => setTimeout(resolve, (announcement.length / 8_000) * 1_000 + 1_500));
    expect(tab.loud).toBeGreaterThan(10);
    expect((await sip.http.post(`/dialer/calls/${id}/end`, undefined, { token: agent.accessToken })).status).toBe(200);
    await waitForCallState(sip.testApp, id, 'idle', 15_000);
    socket.disconnect();
    return { id, agent };
  }

  it('announcement on: the lead hears it on answer (its frames in the lead phone echo), and the consent-state lead is recorded', async () => {
    const { id, agent } = await callCaliforniaLead({ announceRecording: true, noRecordingInConsentStates: true });
    const wav = await sip.recordingOf(id, agent.accessToken);
    const frames = announcementFrames(announcement);
    expect(frames.length).toBeGreaterThan(20);
    // Right channel: what the lead phone sent back, i.e. what reached it. Left: what the relay sent it.
    expect(framesIn(wav.channels[1]!, frames)).toBeGreaterThan(frames.length * 0.8);
    expect(framesIn(wav.channels[0]!, frames)).toBeGreaterThan(frames.length * 0.8);
    expect((await storedCall(sip.testApp, id)).announceRecording).toBe(true);
  }, 60_000);

  it('announcement off: the lead hears no announcement; without the consent switch the call is recorded', async () => {
    const { id, agent } = await callCaliforniaLead({ announceRecording: false, noRecordingInConsentStates: false });
    const wav = await sip.recordingOf(id, agent.accessToken);
    const frames = announcementFrames(announcement);
    expect(framesIn(wav.channels[1]!, frames)).toBe(0);
    expect(framesIn(wav.channels[0]!, frames)).toBe(0);
  }, 60_000);

  it('consent switch on and announcement off: the California lead is not recorded, and Call History says so', async () => {
    const { id, agent } = await callCaliforniaLead({ announceRecording: false, noRecordingInConsentStates: true });
    // Nothing written to disk for it, nothing stored (a recording is stored within a few seconds of the end).
    expect(readdirSync(sip.recordingsDir).filter((file) => file.startsWith(id))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const doc = await storedCall(sip.testApp, id);
    expect(doc.status).toBe('answered');
    expect(doc.recordingId).toBeUndefined();
    expect(doc.recorded).toBeUndefined();
    expect(doc.recordingOff).toEqual({ reason: 'consent-state', state: 'CA' });
    const history = await sip.http.get<CallHistoryPage>('/calls', { token: agent.accessToken });
    const row = history.body.items.find((item) => item.id === id);
    expect(row).toMatchObject({ status: 'answered', recordingOff: { reason: 'consent-state', state: 'CA' } });
    expect(row?.recordingUrl).toBeUndefined();
    const response = await fetch(`${sip.testApp.url}/api/calls/${id}/recording`, {
      headers: { authorization: `Bearer ${agent.accessToken}` },
    });
    expect(response.status).toBe(404);
  }, 60_000);
});
