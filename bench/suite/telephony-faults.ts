// The room model's fault figures for `npm run bench:telephony` (docs/telephony.md, "What each fault does"):
// - re-attach gap after a reload: a connected call to the echo number, the agent's tab closes (its connection gone,
//   as a reload does) and a new tab offers at once; from that offer to the first echoed audio on the new connection.
//   Only the server's and Janus's part: a browser adds the page's own reload before its offer;
// - gateway recovery: Janus SIGKILLed between calls (the local carrier restarts it), then a call is tried every
//   250 ms from a fresh tab until one is answered; from the kill to that call's 200 OK seen by the server, and to the
//   pushed phone view that says the gateway is back (the badge's "Connected").
import { ObjectId, type Db } from 'mongodb';
import type { Socket } from 'socket.io-client';
import { SocketEvents } from '../../shared/events.js';
import type { CallStatePayload } from '../../shared/schemas/dialer/state.js';
import { callsCollection } from '../../server/features/dialer/repository.js';
import type { LocalCarrier } from '../../server/platform/telephony/local-carrier.js';
import { WebrtcAgentTab } from '../../tests/support/webrtc-agent.js';

interface FaultBenchOptions {
  url: string;
  db: Db;
  carrier: LocalCarrier;
  agent: { accessToken: string };
  socket: Socket;
  number: string;
  reattachRuns: number;
  recoveryRuns: number;
}

interface FaultBenchResult {
  reattachGapsMs: number[];
  recoveryToAnswerMs: number[];
  recoveryToBadgeMs: number[];
  errors: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(check: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} not within ${timeoutMs} ms`);
    await sleep(20);
  }
}

export async function runFaultBench(options: FaultBenchOptions): Promise<FaultBenchResult> {
  const { url, db, carrier, agent, socket, number } = options;
  const result: FaultBenchResult = { reattachGapsMs: [], recoveryToAnswerMs: [], recoveryToBadgeMs: [], errors: [] };
  const api = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}/api${route}`, {
      method,
      headers: {
        authorization: `Bearer ${agent.accessToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };
  const stateOf = async (id: string) => (await callsCollection(db).findOne({ _id: new ObjectId(id) }))?.state;
  const endAndWait = async (id: string) => {
    if ((await stateOf(id)) === 'connected') await api('POST', `/dialer/calls/${id}/end`);
    await until(async () => ((await stateOf(id)) === 'idle' ? true : undefined), 20_000, `call ${id} idle`);
  };
  const tabs: WebrtcAgentTab[] = [];
  const newTab = () => {
    const tab = new WebrtcAgentTab(socket);
    tabs.push(tab);
    return tab;
  };

  for (let run = 0; run < options.reattachRuns; run++) {
    let callId: string | undefined;
    try {
      const first = newTab();
      if (!(await first.offer()).ok) throw new Error('offer refused');
      const started = await api('POST', '/dialer/calls', { phone: number });
      if (started.status !== 201) throw new Error(`call refused: ${started.status}`);
      callId = started.body.id as string;
      await until(() => (first.received > 25 ? true : undefined), 20_000, 'echo on the first connection');
      await first.close();
      const again = newTab();
      const offeredAt = Date.now();
      if (!(await again.offer()).ok) throw new Error('re-attach offer refused');
      await until(() => (again.received > 0 ? true : undefined), 10_000, 'echo after the re-attach');
      result.reattachGapsMs.push(Date.now() - offeredAt);
    } catch (error) {
      result.errors.push(`re-attach: ${(error as Error).message}`);
    } finally {
      if (callId) await endAndWait(callId).catch(() => undefined);
    }
  }

  let badgeBackAt = 0;
  let killedAt = 0;
  socket.on(SocketEvents.callState, (payload: CallStatePayload) => {
    if (killedAt && !badgeBackAt && payload.phone.status === 'connected' && !payload.phone.gateway)
      badgeBackAt = Date.now();
  });
  for (let run = 0; run < options.recoveryRuns; run++) {
    let callId: string | undefined;
    try {
      const pid = carrier.janusPid();
      if (!pid) throw new Error('no Janus pid');
      badgeBackAt = 0;
      // The badge must have gone first: only a push after the loss counts as "back".
      let lostSeen = false;
      const onLost = (payload: CallStatePayload) => {
        if (payload.phone.gateway === 'unreachable') lostSeen = true;
      };
      socket.on(SocketEvents.callState, onLost);
      killedAt = Date.now();
      process.kill(pid, 'SIGKILL');
      await until(() => (lostSeen ? true : undefined), 10_000, 'the badge saying the gateway is unreachable');
      badgeBackAt = 0;
      socket.off(SocketEvents.callState, onLost);
      for (;;) {
        const tab = newTab();
        const ack = await tab.offer();
        const started = ack.ok ? await api('POST', '/dialer/calls', { phone: number }) : undefined;
        if (started?.status === 201) {
          callId = started.body.id as string;
          const outcome = await until(
            async () => {
              const state = await stateOf(callId!);
              return state === 'calling' ? undefined : state;
            },
            20_000,
            'an answer',
          );
          if (outcome === 'connected') break;
          await endAndWait(callId);
          callId = undefined;
        }
        await tab.close();
        if (Date.now() - killedAt > 30_000) throw new Error('no call answered within 30 s of the kill');
        await sleep(250);
      }
      const doc = await callsCollection(db).findOne({ _id: new ObjectId(callId) });
      result.recoveryToAnswerMs.push(doc!.connectedAt!.getTime() - killedAt);
      if (badgeBackAt) result.recoveryToBadgeMs.push(badgeBackAt - killedAt);
    } catch (error) {
      result.errors.push(`gateway recovery: ${(error as Error).message}`);
    } finally {
      if (callId) await endAndWait(callId).catch(() => undefined);
      killedAt = 0;
    }
  }
  await Promise.all(tabs.map((tab) => tab.close()));
  return result;
}
