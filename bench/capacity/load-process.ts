// One load-generator process of `npm run bench:capacity` (forked by bench/capacity/run.ts through the suite's RPC):
// it holds a share of the simulated people, so the generator's own CPU is its own processes' and not the node's.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serveRpc } from '../suite/rpc.js';
import { Agent, Owner, TeamLead, type ProcessResults, type WorkPlan } from './people.js';
import type { Person } from './seed.js';

const results: ProcessResults = { http: [], calls: [], deals: [], receipts: [], problems: [] };
let people: Array<Agent | TeamLead | Owner> = [];

serveRpc({
  /** Signs everyone in and opens their pages, sockets and (agents) the dialer and its WebRTC tab, a few at a time. */
  async prepare({ url, list }: { url: string; list: Person[] }) {
    people = list.map((person) =>
      person.role === 'agent'
        ? new Agent(url, person, results)
        : person.role === 'team lead'
          ? new TeamLead(url, person, results)
          : new Owner(url, person, results),
    );
    const pending = [...people];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = pending.shift(); next; next = pending.shift()) await next.prepare();
      }),
    );
    return people.length;
  },
  async work(plan: WorkPlan) {
    // A busy load process reads its sockets late: its event-loop delay says how much of a measured delay is its own.
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    await Promise.all(
      people.map((person) =>
        person.work(plan).catch((error: Error) => {
          results.problems.push(`${person.person.name}: ${error.message}`);
        }),
      ),
    );
    delay.disable();
    const ms = (ns: number) => Math.round(ns / 1e6);
    results.loopDelay = {
      role: people.some((person) => person instanceof Agent) ? 'agents' : 'watchers',
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
    };
    return true;
  },
  results: () => results,
  close() {
    for (const person of people) person.close();
    return true;
  },
});
