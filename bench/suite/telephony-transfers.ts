// Part of `npm run bench:telephony` with SIP_CALL_MODEL=room: warm transfers, one after the other, from an opener whose
// tab sends silence to a closer whose tab sends a tone, on the echo number 555-010-0005. The closer's tab can then hear
// something loud only through the lead phone (its own tone echoed), so "accept -> first loud packet at the closer" is
// the time from the closer's Accept to the closer hearing the lead: the closer's connection joining the call's room
// (a fresh offer's ICE and DTLS, or a kept connection changing room), and one trip through the room, the relay and the
// lead phone and back. The closer is a werift tab (here) or the dialer panel in Chromium (telephony-browser-clicks.ts).
import { ObjectId, type Db } from 'mongodb';
import type { Socket } from 'socket.io-client';
import { callsCollection } from '../../server/features/dialer/repository.js';
import { createCallableLead } from '../../tests/support/dialer.js';
import type { CreatedUser } from '../../tests/support/factories.js';
import { addAgents, createCampaignWithAgents } from '../../tests/support/leads.js';
import { WebrtcAgentTab } from '../../tests/support/webrtc-agent.js';
import type { TestApp } from '../../tests/support/app.js';

export interface TransferSample {
  /** POST accept sent -> answered (the closer's participant joined, the conference stored). */
  acceptAnsweredMs?: number;
  /** POST accept sent -> the first loud packet at the closer's tab (the lead's echo). */
  acceptToHeardMs?: number;
  /** POST complete sent -> answered (the call is the closer's, the opener's participant gone). */
  completeAnsweredMs?: number;
  /** POST accept sent -> Janus's answer at the closer's tab, its ClientHello, ICE connected, DTLS connected, first RTP packet. */
  acceptToAnswerMs?: number;
  acceptToHelloMs?: number;
  /** Janus's first ClientHello reached the closer's tab before its DTLS was listening. */
  helloEarly?: boolean;
  acceptToIceMs?: number;
  acceptToDtlsMs?: number;
  acceptToFirstRtpMs?: number;
  /** Chromium: the Accept used the connection the panel kept from the closer's last call (no new one). */
  keptConnection?: boolean;
  error?: string;
}

export type Api = (
  token: string,
  method: string,
  route: string,
  body?: unknown,
) => Promise<{ status: number; body: Record<string, unknown> }>;

const HEARD_WITHIN_MS = 10_000;

async function waitFor(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  for (const deadline = Date.now() + ms; !(await check());) {
    if (Date.now() > deadline) throw new Error(`${what} not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The closer's side of one transfer: accepts it as the panel does and resolves once the closer hears the lead. */
export type Closer = (transferId: string) => Promise<{ sample: TransferSample; done: () => Promise<void> }>;

/**
 * The werift closer, as the panel: every other transfer a fresh tab (a tone) offers just before POST accept; the
 * others accept on the tab kept from the previous transfer's call (no offer: its participant changes room). The clock
 * runs from the POST.
 */
export function weriftCloser(
  api: Api,
  closer: { agent: CreatedUser; socket: Socket },
): { accept: Closer; close: () => Promise<void> } {
  let kept: WebrtcAgentTab | undefined;
  const accept: Closer = async (transferId) => {
    const sample: TransferSample = { keptConnection: kept !== undefined };
    const closerTab = kept ?? new WebrtcAgentTab(closer.socket);
    kept = undefined;
    let heard = false;
    // A fresh tab that carried its call to the end is kept for the next transfer; a kept one goes after its second.
    const done = async () => {
      if (heard && !sample.keptConnection && !sample.error) kept = closerTab;
      else await closerTab.close();
    };
    if (!sample.keptConnection && !(await closerTab.offer()).ok)
      return { sample: { ...sample, error: 'closer offer refused' }, done };
    closerTab.firstLoudAt = undefined;
    const acceptAt = performance.now();
    const accepted = await api(closer.agent.accessToken, 'POST', `/dialer/transfers/${transferId}/accept`);
    sample.acceptAnsweredMs = performance.now() - acceptAt;
    if (accepted.status !== 200) return { sample: { ...sample, error: `accept refused: ${accepted.status}` }, done };
    const hearing = waitFor(async () => closerTab.firstLoudAt !== undefined, HEARD_WITHIN_MS, 'closer hearing');
    heard = await hearing.then(
      () => true,
      (error: Error) => {
        sample.error = error.message;
        return false;
      },
    );
    if (!heard) return { sample, done };
    sample.acceptToHeardMs = closerTab.firstLoudAt! - acceptAt;
    // A kept tab's steps happened at its first call: only what came after the accept counts.
    const since = (at: number | undefined) => (at === undefined || at < acceptAt ? undefined : at - acceptAt);
    const steps = closerTab.steps;
    Object.assign(sample, {
      acceptToAnswerMs: since(steps.answerAt),
      acceptToHelloMs: since(steps.clientHelloAt),
      helloEarly: since(steps.clientHelloAt) === undefined ? undefined : steps.clientHelloEarly,
      acceptToIceMs: since(steps.iceConnectedAt),
      acceptToDtlsMs: since(steps.dtlsConnectedAt),
      acceptToFirstRtpMs: since(steps.firstRtpAt),
    });
    return { sample, done };
  };
  return { accept, close: async () => kept?.close() };
}

/**
 * `transfers` warm transfers one after the other: the opener's werift tab (silence) calls a lead of a fresh campaign
 * on `number`, rings the closer, `accept` answers; then the opener completes and the closer ends the call.
 */
export async function runTransfers(options: {
  shim: TestApp;
  db: Db;
  api: Api;
  opener: { agent: CreatedUser; socket: Socket };
  closer: CreatedUser;
  accept: Closer;
  number: string;
  transfers: number;
}): Promise<TransferSample[]> {
  const { shim, db, api, opener, closer } = options;
  const samples: TransferSample[] = [];
  for (let i = 0; i < options.transfers; i++) {
    let sample: TransferSample = {};
    const openerTab = new WebrtcAgentTab(opener.socket, { silent: true });
    let done: (() => Promise<void>) | undefined;
    let callId: ObjectId | undefined;
    try {
      // A campaign holds one lead per number: each transfer's lead is in a campaign of its own with both agents.
      const setup = await createCampaignWithAgents(shim, 0);
      await addAgents(shim, setup.campaignId, [opener.agent, closer]);
      const lead = await createCallableLead(shim, setup.campaignId, opener.agent.user, options.number);
      if (!(await openerTab.offer()).ok) throw new Error('opener offer refused');
      const started = await api(opener.agent.accessToken, 'POST', '/dialer/calls', {
        phone: options.number,
        leadId: lead._id.toHexString(),
      });
      if (started.status !== 201) throw new Error(`call refused: ${started.status}`);
      callId = new ObjectId(started.body.id as string);
      const id = callId;
      await waitFor(
        async () => (await callsCollection(db).findOne({ _id: id }))?.state === 'connected',
        20_000,
        'call connected',
      );
      const offered = await api(opener.agent.accessToken, 'POST', `/dialer/calls/${callId.toHexString()}/transfer`, {
        closerId: closer.user._id.toHexString(),
        mode: 'warm',
      });
      if (offered.status !== 201)
        throw new Error(`transfer refused: ${offered.status} ${JSON.stringify(offered.body)}`);
      const transferId = offered.body.id as string;
      ({ sample, done } = await options.accept(transferId));
      if (sample.error) throw new Error(sample.error);
      const completeAt = performance.now();
      const completed = await api(opener.agent.accessToken, 'POST', `/dialer/transfers/${transferId}/complete`);
      sample.completeAnsweredMs = performance.now() - completeAt;
      if (completed.status !== 200) throw new Error(`complete refused: ${completed.status}`);
      await api(closer.accessToken, 'POST', `/dialer/calls/${callId.toHexString()}/end`);
      await waitFor(
        async () => (await callsCollection(db).findOne({ _id: id }))?.state === 'idle',
        20_000,
        'call idle',
      );
    } catch (error) {
      sample.error = (error as Error).message;
      // The next transfer needs the opener's line free: whoever holds the call ends it.
      if (callId)
        for (const agent of [opener.agent, closer])
          await api(agent.accessToken, 'POST', `/dialer/calls/${callId.toHexString()}/end`).catch(() => undefined);
      // The line is free again 1 s after the end.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      await Promise.all([openerTab.close(), done?.()]);
    }
    samples.push(sample);
  }
  return samples;
}
