// `npm run bench:leads`: 100 agents connected over Socket.IO, an owner imports 10,000 leads; prints the time from
// the import request to the last `lead:assigned` received, and the latency from assignment commit to receipt.
// The app runs as `npm start` runs it (embedded MongoDB-compatible server, redis-server child, API and workers in
// one process), in a child process, so the 100 socket clients here do not share its event loop.
// Set BENCH_AGENTS / BENCH_LEADS to change the sizes.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { io, type Socket } from 'socket.io-client';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 100);
const LEADS = Number(process.env.BENCH_LEADS ?? 10_000);

interface Setup {
  url: string;
  ownerToken: string;
  campaignId: string;
  agents: Array<{ id: string; token: string }>;
}

async function serve(): Promise<void> {
  const { loadConfig } = await import('../server/platform/config.js');
  const { startRuntime } = await import('../server/runtime.js');
  const { register, verifyRegistration } = await import('../server/features/auth/service.js');
  const { assignRoleDirectly } = await import('../server/features/auth/accounts.js');
  const { findUserById } = await import('../server/features/users/repository.js');
  const { createCampaign, joinCampaign } = await import('../server/features/campaigns/service.js');
  const { signAccessToken } = await import('../server/platform/auth.js');

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    MONGO_URL: '',
    REDIS_URL: '',
    MAIL_URL: '',
    LOG_LEVEL: 'warn',
  });
  const runtime = await startRuntime(config, { api: true, workers: true, embedded: true, seed: false });
  const platform = runtime.platform;
  const app = runtime.built!.app;
  // When each lead:assigned left the server: emitted in the same tick as its write's acknowledgement, so this is
  // the commit time the latency is measured from (the bench only observes; the product code is unchanged).
  const emittedAt = new Map<string, number>();
  const live = platform.live;
  const toUser = live.toUser.bind(live);
  live.toUser = (userId, event, payload) => {
    if (event === 'lead:assigned') emittedAt.set((payload as { id: string }).id, Date.now());
    toUser(userId, event, payload);
  };
  const makeUser = async (name: string) => {
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}@bench.test`;
    const password = 'bench-password-123';
    const { code } = await register(platform, { name, email, password, confirmPassword: password, agreeTerms: true });
    return verifyRegistration(platform, email, code);
  };
  let owner = await makeUser('Bench Owner');
  await assignRoleDirectly(platform, owner._id, 'owner');
  owner = (await findUserById(platform.db, owner._id))!;
  const campaign = await createCampaign(platform, owner, {
    name: 'Bench Hotel',
    description: 'Benchmark campaign',
    status: 'active',
    roleNeeded: 'Both',
    payoutRange: '$500-$2500',
    commissionStructure: { opener: 10, closer: 15, fullStack: 30 },
  } as never);
  const agents: Setup['agents'] = [];
  for (let i = 0; i < AGENTS; i += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, AGENTS - i) }, (_, j) => makeUser(`Bench Agent ${i + j + 1}`)),
    );
    for (const agent of batch) {
      await joinCampaign(platform, agent, campaign.id);
      agents.push({ id: agent._id.toHexString(), token: signAccessToken(app, agent) });
    }
  }
  const setup: Setup = {
    url: runtime.url!.replace('localhost', '127.0.0.1'),
    ownerToken: signAccessToken(app, owner),
    campaignId: campaign.id,
    agents,
  };
  process.stdout.write(`SETUP ${JSON.stringify(setup)}\n`);
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line === 'DUMP') process.stdout.write(`EMITTED ${JSON.stringify([...emittedAt])}\n`);
  });
  process.stdin.on('end', () => runtime.stop().then(() => process.exit(0)));
}

function csv(rows: number): string {
  const lines = ['Full Name,Email,Phone,Company,Preferred Hotel,Guests'];
  for (let i = 0; i < rows; i++)
    lines.push(
      `Lead ${i},lead${i}@bench.test,+1 555 ${String(1_000_000 + i).slice(1)},Company ${i % 50},Hilton ${i % 7},${(i % 4) + 1}`,
    );
  return `${lines.join('\n')}\n`;
}

/** CPU seconds (user + system) a process has used, from /proc (Linux only): a figure the machine's load does not inflate. */
function cpuSeconds(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cw-bench-leads-'));
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--serve',
    ],
    {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  let onEmitted: (pairs: Array<[string, number]>) => void = () => {};
  const setup = await new Promise<Setup>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`app exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('SETUP ')) resolve(JSON.parse(line.slice(6)) as Setup);
      if (line.startsWith('EMITTED ')) onEmitted(JSON.parse(line.slice(8)) as Array<[string, number]>);
    });
  });

  const latencies: number[] = [];
  const receivedAt = new Map<string, number>();
  const perAgent = new Map<string, number>();
  let received = 0;
  let lastAt = 0;
  let foreign = 0;
  let done!: () => void;
  const allReceived = new Promise<void>((resolve) => (done = resolve));
  const sockets: Socket[] = await Promise.all(
    setup.agents.map(
      (agent) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = io(setup.url, { auth: { token: agent.token }, transports: ['websocket'], forceNew: true });
          socket.on('lead:assigned', (lead: { id: string; assignedTo: string; assignedAt: string }) => {
            const now = Date.now();
            receivedAt.set(lead.id, now);
            latencies.push(now - Date.parse(lead.assignedAt));
            if (lead.assignedTo !== agent.id) foreign++;
            perAgent.set(agent.id, (perAgent.get(agent.id) ?? 0) + 1);
            lastAt = now;
            if (++received === LEADS) done();
          });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        }),
    ),
  );

  let importedAt = 0;
  const ownerSocket = io(setup.url, { auth: { token: setup.ownerToken }, transports: ['websocket'], forceNew: true });
  ownerSocket.on('import:progress', (p: { status: string }) => {
    if (p.status === 'completed') importedAt = Date.now();
  });
  await new Promise<void>((resolve) => ownerSocket.once('connect', () => resolve()));
  sockets.push(ownerSocket);

  const form = new FormData();
  form.append('file', new Blob([csv(LEADS)], { type: 'text/csv' }), 'bench.csv');
  const cpuBefore = cpuSeconds(child.pid);
  const startedAt = Date.now();
  const res = await fetch(`${setup.url}/api/campaigns/${setup.campaignId}/leads/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${setup.ownerToken}` },
    body: form,
  });
  const acceptedAt = Date.now();
  if (res.status !== 202) throw new Error(`import refused: ${res.status} ${await res.text()}`);
  const timeout = setTimeout(() => done(), 180_000);
  await allReceived;
  clearTimeout(timeout);
  const cpuAfter = cpuSeconds(child.pid);

  latencies.sort((a, b) => a - b);
  const emitted = await new Promise<Array<[string, number]>>((resolve) => {
    onEmitted = resolve;
    child.stdin!.write('DUMP\n');
  });
  const fromCommit = emitted.map(([id, at]) => receivedAt.get(id)! - at).sort((a, b) => a - b);
  const counts = [...perAgent.values()];
  console.log(`leads: ${LEADS}, agents: ${AGENTS}, received: ${received}, not for the receiving agent: ${foreign}`);
  console.log(`upload accepted (202): ${acceptedAt - startedAt} ms`);
  console.log(
    `import request -> import completed (rows read, validated, stored): ${((importedAt - startedAt) / 1000).toFixed(2)} s`,
  );
  console.log(`import request -> last lead:assigned: ${((lastAt - startedAt) / 1000).toFixed(2)} s`);
  console.log(
    `assignment commit (write acknowledged, event emitted) -> receipt: p50 ${percentile(fromCommit, 50)} ms, p99 ${percentile(fromCommit, 99)} ms, max ${fromCommit.at(-1)} ms`,
  );
  console.log(
    `assignment write issued (lead.assignedAt) -> receipt: p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1)} ms`,
  );
  if (cpuBefore !== undefined && cpuAfter !== undefined)
    console.log(
      `app process CPU time for it (API + workers + embedded MongoDB): ${(cpuAfter - cpuBefore).toFixed(1)} s`,
    );
  console.log(`per agent: min ${Math.min(...counts)}, max ${Math.max(...counts)}`);

  for (const socket of sockets) socket.disconnect();
  child.stdin!.end();
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.argv.includes('--serve')) await serve();
else await main();
