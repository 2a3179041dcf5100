// bench:telephony's transfer accepts and listen clicks (issue 30, the call rooms), each by a werift peer (the
// connection's steps, telephony-transfers.ts, telephony-listen.ts) and by Chromium in the built client (what a user
// sees, telephony-browser-clicks.ts), with their reports: p50 / p95 / max of each figure and the load average.
import type { Db } from 'mongodb';
import type { Socket } from 'socket.io-client';
import type { TestApp } from '../../tests/support/app.js';
import { createUser, type CreatedUser } from '../../tests/support/factories.js';
import { machineLoad, percentiles } from './stats.js';
import { chromiumCloser, chromiumListener } from './telephony-browser-clicks.js';
import { runListenClicks, weriftListener, type Listener, type ListenSample } from './telephony-listen.js';
import { runTransfers, weriftCloser, type Api, type Closer, type TransferSample } from './telephony-transfers.js';

export interface ClickBenchOptions {
  shim: TestApp;
  db: Db;
  api: Api;
  url: string;
  dataDir: string;
  /** Agents with a bench socket each: [0] opens and is listened to, [1] closes in werift, [2] in Chromium. */
  agents: Array<{ agent: CreatedUser; socket: Socket }>;
  number: string;
  transfers: number;
  listens: number;
  /** Chromium clicks (0: none); needs the built client. */
  browserTransfers: number;
  browserListens: number;
}

const percentile = (values: number[], p: number) => percentiles(values, [p])[0]!;
const ms = (value: number) => (Number.isNaN(value) ? 'n/a' : `${Math.round(value)} ms`);

function figure<T>(samples: T[], label: string, pick: (s: T) => number | undefined): string {
  const values = samples.map(pick).filter((v): v is number => v !== undefined && !Number.isNaN(v));
  const shown = values.length
    ? `p50 ${ms(percentile(values, 50))}, p95 ${ms(percentile(values, 95))}, max ${ms(Math.max(...values))}`
    : 'none';
  return `    ${label}: ${shown} (${values.length} of ${samples.length})`;
}

/** The werift peer's connection steps: where the time after the click goes. */
function stepsLine<T>(
  samples: T[],
  pick: Record<'answer' | 'hello' | 'ice' | 'dtls' | 'rtp', (s: T) => number | undefined> & {
    early: (s: T) => boolean | undefined;
  },
): string {
  const both = (f: (s: T) => number | undefined) => {
    const values = samples.map(f).filter((v): v is number => v !== undefined);
    return `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))}`;
  };
  const early = samples.filter((s) => pick.early(s) === true).length;
  return `    steps after the click, p50 / p95: Janus's answer at the peer ${both(pick.answer)}, its ClientHello ${both(pick.hello)}, ICE connected ${both(pick.ice)}, DTLS connected ${both(pick.dtls)}, first RTP packet ${both(pick.rtp)}; ClientHello before the peer's DTLS listened: ${early} of ${samples.length}`;
}

const errorsLine = (samples: Array<{ error?: string }>, what: string) => {
  const errors = samples.filter((s) => s.error);
  return errors.length ? [`    ${what} that went wrong: ${errors.map((s) => s.error).join('; ')}`] : [];
};

function reportTransfers(title: string, samples: TransferSample[], loadAtStart: string): void {
  const lines = [`  ${title} (load at start ${loadAtStart}, at end ${machineLoad()})`];
  const groups: Array<[string, TransferSample[]]> = samples.some((s) => s.keptConnection !== undefined)
    ? [
        ['a fresh connection offered at Accept', samples.filter((s) => s.keptConnection === false)],
        ['the connection kept from the last call', samples.filter((s) => s.keptConnection === true)],
      ]
    : [['', samples]];
  for (const [name, group] of groups) {
    const of = name ? ` (${name})` : '';
    lines.push(figure(group, `accept -> the closer hears the lead${of}`, (s) => s.acceptToHeardMs));
    lines.push(figure(group, `accept -> Janus's answer applied${of}`, (s) => s.acceptToAnswerMs));
    lines.push(figure(group, `accept -> connection up (ICE + DTLS)${of}`, (s) => s.acceptToDtlsMs));
  }
  if (samples.some((s) => s.acceptAnsweredMs !== undefined)) {
    lines.push(figure(samples, 'accept -> POST answered (closer joined the room)', (s) => s.acceptAnsweredMs));
    lines.push(
      stepsLine(samples, {
        answer: (s) => s.acceptToAnswerMs,
        hello: (s) => s.acceptToHelloMs,
        ice: (s) => s.acceptToIceMs,
        dtls: (s) => s.acceptToDtlsMs,
        rtp: (s) => s.acceptToFirstRtpMs,
        early: (s) => s.helloEarly,
      }),
    );
  }
  lines.push(figure(samples, 'complete -> POST answered (call handed over)', (s) => s.completeAnsweredMs));
  console.log([...lines, ...errorsLine(samples, 'transfers')].join('\n'));
}

function reportListens(title: string, samples: ListenSample[], loadAtStart: string): void {
  const lines = [
    `  ${title} (load at start ${loadAtStart}, at end ${machineLoad()})`,
    figure(samples, 'click -> audio at the coach', (s) => s.clickToAudioMs),
    figure(samples, 'click -> POST answered (Janus answer applied)', (s) => s.clickToAnswerMs),
    figure(samples, 'click -> connection up (ICE + DTLS)', (s) => s.clickToConnectedMs),
  ];
  if (samples.some((s) => s.clickToDtlsMs !== undefined))
    lines.push(
      stepsLine(samples, {
        answer: (s) => s.clickToAnswerMs,
        hello: (s) => s.clickToHelloMs,
        ice: (s) => s.clickToIceMs,
        dtls: (s) => s.clickToDtlsMs,
        rtp: (s) => s.clickToFirstRtpMs,
        early: (s) => s.helloEarly,
      }),
    );
  console.log([...lines, ...errorsLine(samples, 'listen clicks')].join('\n'));
}

export async function runClickBenches(options: ClickBenchOptions): Promise<void> {
  const { shim, db, api, agents, number } = options;
  const [opener, weriftClosing, browserClosing] = agents;
  const transfersWith = async (title: string, closer: CreatedUser, accept: Closer, count: number) => {
    const at = machineLoad();
    const samples = await runTransfers({ shim, db, api, opener: opener!, closer, accept, number, transfers: count });
    reportTransfers(title, samples, at);
  };
  if (options.transfers > 0) {
    const werift = weriftCloser(api, weriftClosing!);
    try {
      await transfersWith(
        `warm transfers, werift closer (every other transfer a fresh tab, else the one kept from the last), silent opener, on ${number}`,
        weriftClosing!.agent,
        werift.accept,
        options.transfers,
      );
    } finally {
      await werift.close();
    }
  }
  if (options.browserTransfers > 0) {
    const chromium = await chromiumCloser(options.url, browserClosing!.agent, options.dataDir);
    try {
      await transfersWith(
        `warm transfers, Chromium closer (dialer panel, Accept), silent werift opener, on ${number}`,
        browserClosing!.agent,
        chromium.accept,
        options.browserTransfers,
      );
    } finally {
      await chromium.close();
    }
  }
  if (options.listens + options.browserListens === 0) return;
  // An admin may listen to any call (a typed number's call belongs to no campaign, so its owner could not).
  const coach = await createUser(shim, { role: 'admin' });
  const listensWith = async (title: string, listener: Listener, count: number) => {
    const at = machineLoad();
    const samples = await runListenClicks({
      agent: opener!.agent,
      agentSocket: opener!.socket,
      listener,
      number,
      count,
      api,
    });
    reportListens(title, samples, at);
  };
  if (options.listens > 0)
    await listensWith(
      'listen clicks, werift coach (its offer in the POST)',
      weriftListener(api, coach),
      options.listens,
    );
  if (options.browserListens > 0) {
    const chromium = await chromiumListener(options.url, coach, opener!.agent.user.name);
    try {
      await listensWith(
        'listen clicks, Chromium coach (Bonsai page, Live calls)',
        chromium.listener,
        options.browserListens,
      );
    } finally {
      await chromium.close();
    }
  }
}
