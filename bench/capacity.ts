// `npm run bench:capacity -- --agents 25 --minutes 5`: a working day of one node, compressed. N agents, each a real
// client (signed in over HTTP, socket connected, the dialer connected through the SIP provider's call rooms with a
// headless WebRTC tab sending and receiving audio), work a queue with auto-dial against the local carrier's echo
// number: talk (--talk 60-180 s; --quick: 8-15 s), notes during the call, end, disposition or a deal, the next call
// 2 s later. One team lead per 10 agents keeps the team page and Insights open (reads every --page-every s, the
// team's live events on its socket); one owner per 50 agents imports leads twice (each import distributed to the
// agents) and watches Insights. The simulated people run in load-generator processes of their own (--per-process
// agents each), so their CPU is counted apart. Prints the table docs/performance.md records ("Capacity").
import { parseArgs } from 'node:util';
import { formatReport, runCapacity } from './capacity/run.js';

const { values } = parseArgs({
  options: {
    agents: { type: 'string', default: '10' },
    minutes: { type: 'string', default: '5' },
    talk: { type: 'string', default: '60-180' },
    quick: { type: 'boolean', default: false },
    'deal-share': { type: 'string', default: '0.2' },
    'page-every': { type: 'string', default: '30' },
    'import-rows': { type: 'string', default: '200' },
    'per-process': { type: 'string', default: '10' },
    json: { type: 'boolean', default: false },
  },
});
const talk = (values.quick ? '8-15' : values.talk!).split('-').map(Number) as [number, number];
if (talk.length !== 2 || talk.some((t) => !(t > 0)) || talk[0] > talk[1])
  throw new Error(`--talk takes a range of seconds such as 60-180 (got ${values.talk})`);

const report = await runCapacity({
  agents: Number(values.agents),
  minutes: Number(values.minutes),
  talkSeconds: talk,
  dealShare: Number(values['deal-share']),
  pageEverySeconds: Number(values['page-every']),
  importRows: Number(values['import-rows']),
  agentsPerProcess: Number(values['per-process']),
  log: (line) => console.log(line),
});
console.log(`\n${formatReport(report)}`);
if (values.json) console.log(JSON.stringify(report));
process.exit(0);
