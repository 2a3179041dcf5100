// The simulated people of a capacity run, each a real client of the product over loopback: HTTP with its bearer
// token and refresh cookie, one Socket.IO connection, and for an agent the dialer's headless WebRTC tab (werift,
// tests/support/webrtc-agent.ts) joined to the agent's call room, sending a tone and receiving the room's audio.
// What they measure is gathered per process and read by bench/capacity/run.ts.
import { io as connectSocket, type Socket } from 'socket.io-client';
import { ErrorCodes } from '../../shared/errors.js';
import { SocketEvents, type TeamActivityPayload } from '../../shared/events.js';
import type { CallStatePayload } from '../../shared/schemas/dialer/state.js';
import type { QueueView } from '../../shared/schemas/dialer/queue.js';
import { leadsCsv } from '../../tests/support/leads.js';
import { WebrtcAgentTab } from '../../tests/support/webrtc-agent.js';
import { ECHO_NUMBER, type Person } from './seed.js';

export interface LoadOptions {
  /** Talk time of each answered call, drawn evenly from this range. */
  talkSeconds: [number, number];
  /** Share of calls that end in a closed deal (the event timed to the team lead's socket). */
  dealShare: number;
  /** How often a team lead's open pages (team, Insights) read again, and an owner's. */
  pageEverySeconds: number;
  /** Leads per import of an owner; the owner imports at 10 % and 60 % of the run (each import is distributed). */
  importRows: number;
}

/** The measured window: every person works from `startedAt` and winds down before `endAt` (ms since the epoch). */
export interface WorkPlan {
  startedAt: number;
  endAt: number;
  options: LoadOptions;
}

/** Routes that are never shed (sign-in, refresh, call control): a 503 on one of them fails the CI test. */
export const NEVER_SHED = [
  'POST /auth/login',
  'POST /auth/refresh',
  'POST /dialer/connect',
  'POST /dialer/calls',
  'POST /dialer/calls/:id/end',
  'POST /dialer/calls/:id/mute',
];

export interface HttpSample {
  route: string;
  who: Person['role'];
  /** When it was sent (epoch ms): the report keeps the requests of the measured window. */
  at: number;
  ms: number;
  status: number;
  /** The error code of a 5xx (`OVERLOADED` for a shed request, `UNAVAILABLE` for Redis down or timing out). */
  code?: string;
}

export interface CallRecord {
  agentUserId: string;
  callId?: string;
  /** `click`: the agent's own dial request (POST /dialer/calls); `auto`: auto-dial's next call. */
  kind: 'click' | 'auto';
  clickAt?: number;
  connected: boolean;
  /** What went wrong with the call, if anything: never connected, ended before the agent hung up, no audio back. */
  problem?: string;
  /** RTP packets the tab received from the room while the agent talked, and the talk time in ms. */
  packets: number;
  talkMs: number;
}

export interface ProcessResults {
  http: HttpSample[];
  calls: CallRecord[];
  deals: Array<{ leadName: string; sentAt: number }>;
  receipts: Array<{ leadName: string; at: number }>;
  problems: string[];
  /** The load process's own event-loop delay during the work (ms): how late its timestamps can be. */
  loopDelay?: { role: 'agents' | 'watchers'; p50: number; p99: number; max: number };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = ([low, high]: [number, number]) => low + Math.random() * (high - low);

class Client {
  token = '';
  cookie = '';
  socket?: Socket;

  constructor(
    readonly url: string,
    readonly person: Person,
    readonly results: ProcessResults,
  ) {}

  /**
   * One request as the browser's data layer sends it: a shed answer (503 OVERLOADED with Retry-After) is waited out
   * and sent again, three times at most (client/api/retry-after.ts). Every answer is a sample; the route is the
   * template, so the figures group by page.
   */
  async request<T = Record<string, unknown>>(
    method: string,
    route: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    for (let attempt = 0; ; attempt++) {
      const started = performance.now();
      const headers: Record<string, string> = {};
      if (this.token) headers.authorization = `Bearer ${this.token}`;
      if (this.cookie) headers.cookie = this.cookie;
      let payload: BodyInit | undefined;
      if (body instanceof FormData) payload = body;
      else if (body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
      let status = 0;
      let parsed: unknown = {};
      let retryAfter = 2;
      try {
        const res = await fetch(`${this.url}/api${path}`, { method, headers, body: payload });
        status = res.status;
        retryAfter = Number(res.headers.get('retry-after') ?? 2);
        const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('cw_refresh='));
        if (setCookie) this.cookie = setCookie.split(';')[0]!;
        parsed = await res.json().catch(() => ({}));
      } catch (error) {
        this.results.problems.push(`${method} ${route}: ${(error as Error).message}`);
      }
      const code = status >= 500 ? (parsed as { code?: string }).code : undefined;
      this.results.http.push({
        at: Date.now() - (performance.now() - started),
        route: `${method} ${route}`,
        who: this.person.role,
        ms: performance.now() - started,
        status,
        ...(code ? { code } : {}),
      });
      const shed = status === 503 && code === ErrorCodes.overloaded;
      if (!shed || attempt === 3) return { status, body: parsed as T };
      await sleep(retryAfter * 1000 * (1 + Math.random() / 2));
    }
  }

  async signIn(): Promise<void> {
    const answer = await this.request<{ accessToken?: string }>('POST', '/auth/login', '/auth/login', {
      email: this.person.email,
      password: this.person.password,
    });
    if (!answer.body.accessToken)
      throw new Error(
        `${this.person.name} could not sign in (${answer.status} ${(answer.body as { code?: string }).code ?? ''})`,
      );
    this.token = answer.body.accessToken;
    const socket = connectSocket(this.url, {
      auth: { token: this.token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: true,
    });
    this.socket = socket;
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  }

  /** The access token lasts 15 minutes: the page refreshes it with the cookie, as the browser does. */
  async refresh(): Promise<void> {
    const answer = await this.request<{ accessToken?: string }>('POST', '/auth/refresh', '/auth/refresh');
    if (answer.body.accessToken) this.token = answer.body.accessToken;
    else this.results.problems.push(`${this.person.name}: refresh answered ${answer.status}`);
  }

  close(): void {
    this.socket?.disconnect();
  }
}

/** An agent working a queue with auto-dial: talk, notes, end, disposition (some deals), the next call 2 s later. */
export class Agent extends Client {
  private tab?: WebrtcAgentTab;
  private queue?: QueueView;
  private readonly states: CallStatePayload[] = [];
  private waiters: Array<() => void> = [];
  private nextLead = 0;
  private calls = 0;
  /** Calls this agent has already worked: the pushed history also holds their views. */
  private readonly worked = new Set<string>();

  async prepare(): Promise<void> {
    await this.signIn();
    const socket = this.socket!;
    socket.on(SocketEvents.queueUpdated, (queue: QueueView) => (this.queue = queue));
    socket.on(SocketEvents.callState, (payload: CallStatePayload) => {
      this.states.push(payload);
      if (this.states.length > 200) this.states.splice(0, 100);
      for (const wake of this.waiters.splice(0)) wake();
    });
    // The dialer page's first reads.
    await this.request('GET', '/me', '/me');
    await this.request('GET', '/dialer/state', '/dialer/state');
    this.queue = (await this.request<QueueView>('GET', '/dialer/queue', '/dialer/queue')).body;
    await this.request('GET', '/leads', '/leads?limit=25');
    await this.request('GET', '/notifications', '/notifications?limit=20');
    await this.request('POST', '/dialer/connect', '/dialer/connect');
    const deadline = Date.now() + 60_000;
    for (;;) {
      const state = await this.request<{ phone?: { status?: string } }>('GET', '/dialer/state', '/dialer/state');
      if (state.body.phone?.status === 'connected') break;
      if (Date.now() > deadline) throw new Error(`${this.person.name}: phone not connected within 60 s`);
      await sleep(500);
    }
    this.tab = new WebrtcAgentTab(socket);
    const ack = await this.tab.offer();
    if (!ack.ok) throw new Error(`${this.person.name}: offer refused (${ack.error})`);
  }

  /** The latest pushed view of `callId` matching `wanted`, waiting up to `ms`. */
  private async reach(match: (payload: CallStatePayload) => boolean, ms: number): Promise<CallStatePayload | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.states.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private leadAt(index: number) {
    return this.person.leads[index % this.person.leads.length]!;
  }

  private async queueNext(): Promise<void> {
    const lead = this.leadAt(this.nextLead++);
    const contacts = [{ leadId: lead.id, name: lead.name, phone: ECHO_NUMBER }];
    let answer = await this.request<QueueView>('PUT', '/dialer/queue', '/dialer/queue', {
      contacts,
      version: this.queue?.version ?? 0,
    });
    if (answer.status === 409) {
      // Auto-dial changed the queue meanwhile: reload it and make the same edit once more, as the panel does.
      this.queue = (await this.request<QueueView>('GET', '/dialer/queue', '/dialer/queue')).body;
      answer = await this.request<QueueView>('PUT', '/dialer/queue', '/dialer/queue', {
        contacts,
        version: this.queue.version,
      });
    }
    if (answer.status === 200) this.queue = answer.body;
    else this.results.problems.push(`${this.person.name}: queue answered ${answer.status}`);
  }

  private async setAutoDial(enabled: boolean): Promise<void> {
    const answer = await this.request<{ queue?: QueueView }>('PUT', '/dialer/auto-dial', '/dialer/auto-dial', {
      enabled,
    });
    if (answer.body.queue) this.queue = answer.body.queue;
  }

  async work({ endAt, options }: WorkPlan): Promise<void> {
    let refreshAt = Date.now() + 10 * 60_000;
    // Agents start their day over the first half minute, not all in the same second (the first call builds the room).
    await sleep(Math.random() * Math.min(30_000, (endAt - Date.now()) / 10));
    // The first call is the agent's click; the rest are auto-dial's, 2 s after each end.
    let record: CallRecord | undefined = await this.click();
    while (record) {
      if (Date.now() > refreshAt) {
        refreshAt = Date.now() + 10 * 60_000;
        await this.refresh();
      }
      record = await this.talk(record, endAt, options);
    }
  }

  private async click(): Promise<CallRecord> {
    const lead = this.leadAt(this.nextLead++);
    const record: CallRecord = {
      agentUserId: this.person.userId,
      kind: 'click',
      clickAt: Date.now(),
      connected: false,
      packets: 0,
      talkMs: 0,
    };
    this.results.calls.push(record);
    const started = await this.request<{ id?: string }>('POST', '/dialer/calls', '/dialer/calls', {
      phone: ECHO_NUMBER,
      leadId: lead.id,
    });
    if (started.status !== 201 || !started.body.id) record.problem = `dial answered ${started.status}`;
    record.callId = started.body.id;
    (record as CallRecord & { leadId: string }).leadId = lead.id;
    return record;
  }

  /** One call from its dialing to its disposition; returns the next auto-dialed call, if `another`. */
  private async talk(record: CallRecord, endAt: number, options: LoadOptions): Promise<CallRecord | undefined> {
    const talkMs = between(options.talkSeconds) * 1000;
    let another = false;
    const id = record.callId;
    const leadId = (record as CallRecord & { leadId?: string }).leadId;
    if (id) this.worked.add(id);
    if (id) {
      const reached = await this.reach(
        (s) => s.call?.id === id && ['connected', 'ended', 'idle'].includes(s.call.state),
        30_000,
      );
      if (reached?.call?.state !== 'connected') {
        record.problem = `never connected (${reached?.call?.state ?? 'no answer within 30 s'}${reached?.call?.dialResult ? `, ${reached.call.dialResult}` : ''})`;
      } else {
        record.connected = true;
        // The last call is one whose end falls past the window: it runs its full length (the bench measures the
        // window and lets the last calls end after it). Cutting every agent's last call at the window's end made 25
        // hang-ups, recordings and deals land in the same second: a burst no working day has, which the live-event
        // p99 then measured.
        another = Date.now() + talkMs + 8_000 < endAt;
        // While talking: the next lead goes into the queue and auto-dial is on (switched off for the last call).
        if (another) {
          await this.queueNext();
          if (!this.queue?.autoDial) await this.setAutoDial(true);
        } else if (this.queue?.autoDial) await this.setAutoDial(false);
        const heard = this.tab!.received;
        const talkStarted = Date.now();
        await sleep(talkMs / 2);
        await this.request('PATCH', '/dialer/calls/:id', `/dialer/calls/${id}`, {
          notes: `Interested in a 3-night stay; call ${this.calls + 1}; follow up with the rate sheet.`,
        });
        await sleep(talkMs / 2);
        record.talkMs = Date.now() - talkStarted;
        record.packets = this.tab!.received - heard;
        const live = this.states.findLast((s) => s.call?.id === id);
        if (live?.call?.state !== 'connected')
          record.problem = `dropped: ${live?.call?.state} before the agent hung up (${live?.call?.timeline.at(-1)?.reason ?? '?'})`;
        else {
          const ended = await this.request('POST', '/dialer/calls/:id/end', `/dialer/calls/${id}/end`);
          if (ended.status !== 200) record.problem = `end answered ${ended.status}`;
        }
        // Janus mixes 20 ms frames: a call that heard under a fifth of them had no real audio back.
        if (!record.problem && record.packets < (record.talkMs / 20) * 0.2)
          record.problem = `little audio back (${record.packets} packets in ${Math.round(record.talkMs)} ms)`;
        await this.reach((s) => s.call?.id === id && ['ended', 'idle'].includes(s.call.state), 15_000);
      }
      this.calls++;
      // Disposition during the 2 s gap (a deal now and then), then the call history refresh.
      if (leadId && record.connected) {
        if (Math.random() < options.dealShare) {
          const lead = this.person.leads.find((l) => l.id === leadId)!;
          this.results.deals.push({ leadName: lead.name, sentAt: Date.now() });
          await this.request('POST', '/leads/:id/close', `/leads/${leadId}/close`, { dealValue: 1200 });
        } else
          await this.request('PATCH', '/leads/:id', `/leads/${leadId}`, {
            disposition: this.calls % 3 === 0 ? 'Follow Up' : 'Potential',
          });
      }
      await this.request('GET', '/calls', '/calls?limit=20');
    }
    // A call that never connected queued nothing: the agent dials the next lead by hand while there is time.
    if (!another) return !record.connected && Date.now() + 20_000 < endAt ? this.click() : undefined;
    // Auto-dial's next call: pushed as calling, autoDialed, with a new id.
    const next = await this.reach(
      (s) => !!s.call && !this.worked.has(s.call.id) && s.call.autoDialed && s.call.state !== 'idle',
      15_000,
    );
    const nextRecord: CallRecord = {
      agentUserId: this.person.userId,
      kind: 'auto',
      connected: false,
      packets: 0,
      talkMs: 0,
      callId: next?.call?.id,
    };
    this.results.calls.push(nextRecord);
    if (!next?.call) {
      nextRecord.problem = `auto-dial placed no call within 15 s${this.queue?.pausedReason ? ` (${this.queue.pausedReason})` : ''}`;
      return undefined;
    }
    (nextRecord as CallRecord & { leadId?: string }).leadId = next.call.leadId;
    return nextRecord;
  }

  override close(): void {
    void this.tab?.close();
    super.close();
  }
}

/** A team lead with the team page and Insights open: their reads every few seconds, and the team's live events. */
export class TeamLead extends Client {
  async prepare(): Promise<void> {
    await this.signIn();
    this.socket!.on(SocketEvents.teamActivity, (item: TeamActivityPayload) => {
      if (item.kind === 'deal-closed' && item.leadName)
        this.results.receipts.push({ leadName: item.leadName, at: Date.now() });
    });
    await this.readPages();
  }

  private async readPages(): Promise<void> {
    await this.request('GET', '/team/activity/today', '/team/activity/today');
    await this.request('GET', '/insights/team', '/insights/team');
    await this.request('GET', '/insights/calls', '/insights/calls');
    await this.request('GET', '/bonsai', '/bonsai');
  }

  async work({ endAt, options }: WorkPlan): Promise<void> {
    // Spread over the interval, so the leads of a run do not all read in the same second.
    await sleep(Math.random() * options.pageEverySeconds * 1000);
    while (Date.now() + options.pageEverySeconds * 1000 < endAt) {
      await this.readPages();
      await sleep(options.pageEverySeconds * 1000);
    }
  }
}

/** A campaign owner: imports leads (each import is distributed to the campaign's agents) and watches Insights. */
export class Owner extends Client {
  async prepare(): Promise<void> {
    await this.signIn();
    await this.request('GET', '/insights/campaigns', '/insights/campaigns');
  }

  private async importLeads(rows: number): Promise<void> {
    const form = new FormData();
    form.append(
      'file',
      new Blob([leadsCsv(rows, Math.floor(Math.random() * 900_000))], { type: 'text/csv' }),
      'leads.csv',
    );
    const answer = await this.request<{ importId?: string }>(
      'POST',
      '/campaigns/:id/leads/import',
      `/campaigns/${this.person.campaignId}/leads/import`,
      form,
    );
    if (!answer.body.importId) {
      this.results.problems.push(`${this.person.name}: import answered ${answer.status}`);
      return;
    }
    for (let i = 0; i < 60; i++) {
      const status = await this.request<{ status?: string }>('GET', '/imports/:id', `/imports/${answer.body.importId}`);
      if (status.body.status && status.body.status !== 'queued' && status.body.status !== 'running') return;
      await sleep(1_000);
    }
  }

  async work({ startedAt, endAt, options }: WorkPlan): Promise<void> {
    const span = endAt - startedAt;
    const imports = [startedAt + span * 0.1, startedAt + span * 0.6];
    let nextRead = Date.now();
    while (Date.now() < endAt - 1_000) {
      if (imports.length && Date.now() >= imports[0]!) {
        imports.shift();
        await this.importLeads(options.importRows);
      }
      if (Date.now() >= nextRead) {
        nextRead = Date.now() + options.pageEverySeconds * 1000;
        await this.request('GET', '/insights/campaigns', '/insights/campaigns');
        await this.request('GET', '/leads', `/leads?campaignId=${this.person.campaignId}&limit=25`);
      }
      await sleep(500);
    }
  }
}
