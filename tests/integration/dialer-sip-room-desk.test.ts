// Transfer to an owner's closing desk (issue 30) against the local carrier, room model. The lead is the greeting
// number (555-010-0004: three rising 1 s tones, then it hangs up) and the desk the echo number (555-010-0005), so once
// the opener has left, what the lead hears (the recording's left channel) can only be the desk's echo of the lead:
// the desk hears the lead. The lead's hang-up then ends the bridge with a BYE to the desk. The other way round (the
// lead on the echo number, the desk on the greeting number, which hangs up after 3 s) is a desk that hangs up during
// the warm conference: the opener is told and keeps the lead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignDetail } from '../../shared/schemas/campaigns/detail.js';
import type { CallView } from '../../shared/schemas/dialer/call.js';
import type { DeskTransferView } from '../../shared/schemas/dialer/desk-transfer.js';
import type { AvailableClosers } from '../../shared/schemas/dialer/transfer.js';
import { localCarrierProblem } from '../../server/platform/telephony/local-carrier.js';
import { createCallableLead, storedCall, waitForCallState, zoneWithLocalHour } from '../support/dialer.js';
import type { CreatedUser } from '../support/factories.js';
import { eventually } from '../support/http.js';
import { addAgents, createCampaignWithAgents } from '../support/leads.js';
import { rms, startSipTestApp, type SipTestApp } from '../support/sip-app.js';
import { WebrtcAgentTab } from '../support/webrtc-agent.js';

const missing = localCarrierProblem();
const DESK = '5550100005';

describe.skipIf(missing !== null)('transfer to a closing desk, against the local carrier', () => {
  let sip: SipTestApp;
  let opener: CreatedUser;
  const tabs: WebrtcAgentTab[] = [];

  beforeAll(async () => {
    sip = await startSipTestApp({ agents: 1, dataDirPrefix: 'cw-room-desk-' });
    [opener] = sip.agents as [CreatedUser];
  }, 120_000);

  /**
   * A fresh campaign (one lead per number and campaign) with one desk, by default on the echo number, the opener its
   * agent.
   */
  async function campaignWithDesk(desk = { name: 'Head office desk', number: '+1 (555) 010-0005' }) {
    const setup = await createCampaignWithAgents(sip.testApp, 0);
    const saved = await sip.http.patch<CampaignDetail>(
      `/campaigns/${setup.campaignId}`,
      { timeZone: zoneWithLocalHour(10, 18), closingDesks: [desk] },
      { token: setup.owner.accessToken },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.closingDesks).toEqual([
      { id: expect.any(String), name: desk.name, number: `+1${desk.number.replace(/\D/g, '').slice(1)}` },
    ]);
    await addAgents(sip.testApp, setup.campaignId, [opener]);
    return { campaignId: setup.campaignId, deskId: saved.body.closingDesks![0]!.id };
  }

  afterAll(async () => {
    await Promise.all(tabs.map((tab) => tab.close()));
    await sip?.close();
  });

  it('only the owner configures desks, and only numbers or SIP addresses', async () => {
    const byAgent = await sip.http.patch(
      `/campaigns/${sip.campaignId}`,
      { closingDesks: [{ name: 'Mine', number: '+15550100001' }] },
      { token: opener.accessToken },
    );
    expect(byAgent.status).toBe(403);
    for (const number of ['call me', 'sip:nobody', '12'])
      expect(
        await sip.http.patch(
          `/campaigns/${sip.campaignId}`,
          { closingDesks: [{ name: 'Bad', number }] },
          { token: sip.owner.accessToken },
        ),
      ).toMatchObject({
        status: 400,
        body: {
          error:
            "Enter each closing desk's number as a phone number (e.g. +1 555 010 0005) or a SIP address (sip:desk@pbx.example.com).",
        },
      });
    // The agent sees no desk numbers on the campaign.
    const seen = await sip.http.get<CampaignDetail>(`/campaigns/${sip.campaignId}`, { token: opener.accessToken });
    expect(seen.body.closingDesks).toBeUndefined();
  });

  async function onCallWithGreetingLead(name: string) {
    const { campaignId, deskId } = await campaignWithDesk();
    const lead = await createCallableLead(sip.testApp, campaignId, opener.user, '5550100004', { name });
    const socket = await sip.testApp.socket(opener.accessToken);
    const tab = new WebrtcAgentTab(socket);
    tabs.push(tab);
    expect(await tab.offer()).toEqual({ ok: true });
    const started = await sip.http.post<CallView>(
      '/dialer/calls',
      { phone: '5550100004', leadId: lead._id.toHexString() },
      { token: opener.accessToken },
    );
    expect(started.status).toBe(201);
    await waitForCallState(sip.testApp, started.body.id, 'connected', 20_000);
    return { id: started.body.id, tab, lead, deskId };
  }

  /** The recording's left channel (what the lead heard) from just after the hand-over until the lead hung up. */
  async function leadHeardAfterHandOver(id: string) {
    const doc = await storedCall(sip.testApp, id);
    const wav = await sip.recordingOf(id, opener.accessToken);
    const from = (doc.deskTransfer!.at.getTime() - doc.connectedAt!.getTime()) / 1_000 + 0.3;
    const left = wav.channels[0]!;
    // The greeting ends 3 s after the answer.
    const until = Math.min(left.length, Math.round(2.9 * wav.rate));
    expect(Math.round(from * wav.rate)).toBeLessThan(until - wav.rate / 4);
    return rms(left.subarray(Math.round(from * wav.rate), until));
  }

  for (const mode of ['warm', 'blind'] as const)
    it(`${mode}: the desk gets an INVITE, the opener leaves, the desk hears the lead, the lead's hang-up ends the desk's leg`, async () => {
      const invites = sip.invitesTo(DESK).length;
      const byes = sip.byesTo(DESK).length;
      const { id, lead, deskId } = await onCallWithGreetingLead(`Desk ${mode} lead`);
      const menu = await sip.http.get<AvailableClosers>(`/dialer/calls/${id}/transfer/closers`, {
        token: opener.accessToken,
      });
      expect(menu.body.desks).toEqual([{ id: deskId, name: 'Head office desk' }]);
      const rung = await sip.http.post<DeskTransferView>(
        `/dialer/calls/${id}/transfer/desk`,
        { deskId, mode },
        { token: opener.accessToken },
      );
      expect(rung.status).toBe(200);
      await eventually(async () => (sip.invitesTo(DESK).length === invites + 1 ? true : undefined), 5_000);
      expect(sip.invitesTo(DESK).at(-1)).toMatchObject({ outcome: 'answered-echo' });
      if (mode === 'warm') {
        expect(rung.body).toMatchObject({ state: 'conference', mode: 'warm' });
        const completed = await sip.http.post<DeskTransferView>(
          `/dialer/calls/${id}/transfer/desk/complete`,
          undefined,
          {
            token: opener.accessToken,
          },
        );
        expect(completed.body).toMatchObject({ state: 'completed', message: 'Call transferred to Head office desk.' });
      } else expect(rung.body).toMatchObject({ state: 'completed', mode: 'blind' });
      // The call is over for the opener; its record says where it went.
      await waitForCallState(sip.testApp, id, 'idle', 15_000);
      expect(await storedCall(sip.testApp, id)).toMatchObject({
        status: 'answered',
        endedBy: 'agent',
        deskTransfer: { deskId, name: 'Head office desk', mode, state: 'completed' },
      });
      // The lead hangs up after its greeting: the bridge ends with a BYE to the desk.
      await eventually(async () => (sip.byesTo(DESK).length === byes + 1 ? true : undefined), 15_000);
      expect(await leadHeardAfterHandOver(id)).toBeGreaterThan(300);
      const { findLeadById } = await import('../../server/features/leads/repository.js');
      const history = (await findLeadById(sip.testApp.platform.db, lead._id))!.history.map((entry) => entry.change);
      expect(history).toContain(`Call transferred (${mode}) from ${opener.user.name} to Head office desk`);
    }, 60_000);

  it('the desk hangs up during the warm conference: the opener is told and keeps the lead, the record says so', async () => {
    const greetingDesk = '5550100004';
    const { campaignId, deskId } = await campaignWithDesk({ name: 'Greeting desk', number: '+1 (555) 010-0004' });
    const lead = await createCallableLead(sip.testApp, campaignId, opener.user, DESK, { name: 'Desk hang-up lead' });
    const socket = await sip.testApp.socket(opener.accessToken);
    const pushes: DeskTransferView[] = [];
    socket.on('transfer:desk', (view) => pushes.push(view));
    const tab = new WebrtcAgentTab(socket);
    tabs.push(tab);
    expect(await tab.offer()).toEqual({ ok: true });
    const started = await sip.http.post<CallView>(
      '/dialer/calls',
      { phone: DESK, leadId: lead._id.toHexString() },
      { token: opener.accessToken },
    );
    expect(started.status).toBe(201);
    const id = started.body.id;
    await waitForCallState(sip.testApp, id, 'connected', 20_000);
    // The lead phone echoes the room: the opener hears their own tone back.
    await eventually(async () => (tab.loud > 25 ? true : undefined), 10_000);

    const rung = await sip.http.post<DeskTransferView>(
      `/dialer/calls/${id}/transfer/desk`,
      { deskId, mode: 'warm' },
      { token: opener.accessToken },
    );
    expect(rung.body).toMatchObject({ state: 'conference', mode: 'warm' });
    expect(sip.invitesTo(greetingDesk).at(-1)).toMatchObject({ outcome: 'answered-greeting' });
    // Its greeting over (3 s), the desk hangs up: the opener's panels are told.
    const push = await eventually(async () => pushes[0], 10_000);
    expect(push).toEqual({
      callId: id,
      desk: { id: deskId, name: 'Greeting desk' },
      mode: 'warm',
      state: 'hung-up',
      message: 'Greeting desk hung up. The lead is still with you.',
    });
    const stored = await storedCall(sip.testApp, id);
    expect(stored).toMatchObject({
      state: 'connected',
      deskTransfer: { deskId, name: 'Greeting desk', mode: 'warm', state: 'hung-up' },
    });
    expect(String(stored.agentId)).toBe(String(opener.user._id));
    // The lead is still on the opener's call: the echo of the opener's tone keeps coming.
    const loudBefore = tab.loud;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(tab.loud - loudBefore).toBeGreaterThan(30);
    const complete = await sip.http.post(`/dialer/calls/${id}/transfer/desk/complete`, undefined, {
      token: opener.accessToken,
    });
    expect(complete).toMatchObject({ status: 409, body: { reason: 'TRANSFER_NOT_CONFERENCE' } });
    expect(pushes).toHaveLength(1);
    expect((await sip.http.post(`/dialer/calls/${id}/end`, undefined, { token: opener.accessToken })).status).toBe(200);
    await waitForCallState(sip.testApp, id, 'idle', 15_000);
  }, 60_000);

  it('a desk that is not the campaign’s is refused; a desk transfer needs a connected call', async () => {
    const { id, deskId } = await onCallWithGreetingLead('Refused desk lead');
    const unknown = await sip.http.post(
      `/dialer/calls/${id}/transfer/desk`,
      { deskId: '0123456789abcdef', mode: 'blind' },
      { token: opener.accessToken },
    );
    expect(unknown).toMatchObject({ status: 400, body: { reason: 'TRANSFER_UNKNOWN_DESK' } });
    await waitForCallState(sip.testApp, id, 'idle', 15_000);
    const over = await sip.http.post(
      `/dialer/calls/${id}/transfer/desk`,
      { deskId, mode: 'blind' },
      { token: opener.accessToken },
    );
    expect(over).toMatchObject({ status: 409, body: { reason: 'TRANSFER_NOT_CONNECTED' } });
  }, 60_000);
});
