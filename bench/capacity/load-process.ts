// One load-generator process of `npm run bench:capacity` (forked by bench/capacity/run.ts through the suite's RPC):
// it holds a share of the simulated people, so the generator's own CPU is its own processes' and not the node's.
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
    await Promise.all(
      people.map((person) =>
        person.work(plan).catch((error: Error) => {
          results.problems.push(`${person.person.name}: ${error.message}`);
        }),
      ),
    );
    return true;
  },
  results: () => results,
  close() {
    for (const person of people) person.close();
    return true;
  },
});
