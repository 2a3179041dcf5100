import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

// The first lint loads the config and the TypeScript parser, which takes longer than a test's 5 s on a busy machine.
beforeAll(() => eslint.lintText('export {};\n', { filePath: `${root}/server/platform/warm-up.ts` }), 60_000);

/** The rule ids and messages ESLint reports for `code` as if it were the file at `filePath`. */
async function lint(code: string, filePath: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

// The first lint loads the TypeScript parser and the config: seconds on a busy machine, past vitest's default 5 s.
describe('feature boundaries (eslint.config.js)', { timeout: 30_000 }, () => {
  it('fails a reach into another feature’s internals', async () => {
    const messages = await lint(
      "import { usersCollection } from '../users/repository.js';\nexport const users = usersCollection;\n",
      'server/features/leads/probe.ts',
    );
    expect(messages).toEqual([
      expect.objectContaining({
        rule: 'boundaries/feature-face',
        message: expect.stringContaining('through its public.ts only'),
      }),
    ]);
  });

  it('fails an import of another feature’s registration', async () => {
    const messages = await lint(
      "import { usersFeature } from '../users/index.js';\nexport const feature = usersFeature;\n",
      'server/features/leads/probe.ts',
    );
    expect(messages.map((m) => m.rule)).toEqual(['boundaries/feature-face']);
  });

  it('fails a reach from a feature’s sub-folder, at any depth, and a re-export or dynamic import of internals', async () => {
    const reaches = [
      [
        "import { findLeadById } from '../../leads/repository.js';\nexport const find = findLeadById;\n",
        'server/features/dialer/sub/probe.ts',
      ],
      [
        "import { findLeadById } from '../../../leads/repository.js';\nexport const find = findLeadById;\n",
        'server/features/dialer/sub/deeper/probe.ts',
      ],
      [
        "import { findLeadById } from '../leads/sub/public.js';\nexport const find = findLeadById;\n",
        'server/features/dialer/probe.ts',
      ],
      ["export { findLeadById } from '../leads/repository.js';\n", 'server/features/dialer/probe.ts'],
      ["export const load = () => import('../../leads/repository.js');\n", 'server/features/dialer/sub/probe.ts'],
    ];
    for (const [code, file] of reaches)
      expect(await lint(code, file), `${file}: ${code}`).toEqual([
        expect.objectContaining({ rule: 'boundaries/feature-face' }),
      ]);
  });

  it('passes a sub-folder’s imports of its own feature and of another feature’s face', async () => {
    const code = [
      "import { findCall } from '../repository.js';",
      "import { offerOf } from '../signalling/offer.js';",
      "import { findLeadById } from '../../leads/public.js';",
      "import type { Feature } from '../../feature.js';",
      "import { isDuplicateKey } from '../../../platform/db-errors.js';",
      'export type { Feature };',
      'export { findCall, offerOf, findLeadById, isDuplicateKey };',
      '',
    ].join('\n');
    expect(await lint(code, 'server/features/dialer/sub/probe.ts')).toEqual([]);
  });

  it('passes an import through the other feature’s public face, and the feature’s own files', async () => {
    const code = [
      "import { userSummaries } from '../users/public.js';",
      "import { leadsCollection } from './repository.js';",
      "import { isDuplicateKey } from '../../platform/db-errors.js';",
      'export { userSummaries, leadsCollection, isDuplicateKey };',
      '',
    ].join('\n');
    expect(await lint(code, 'server/features/leads/probe.ts')).toEqual([]);
  });

  it('lets the feature list import every registration', async () => {
    const code = "import { usersFeature } from './users/index.js';\nexport const features = [usersFeature];\n";
    expect(await lint(code, 'server/features/index.ts')).toEqual([]);
  });
});

describe('client feature boundaries (eslint.config.js)', { timeout: 30_000 }, () => {
  it('fails a reach into another client feature’s modules, its styles included, at any depth', async () => {
    const reaches = [
      [
        "import { useLeads } from '../leads/store.js';\nexport const use = useLeads;\n",
        'client/features/dialer/probe.ts',
      ],
      [
        "import styles from '../../leads/Leads.module.css';\nexport { styles };\n",
        'client/features/dialer/sub/probe.ts',
      ],
      ["export const page = () => import('../overview/OverviewPage.js');\n", 'client/features/dashboard/probe.ts'],
    ];
    for (const [code, file] of reaches)
      expect(await lint(code, file), `${file}: ${code}`).toEqual([
        expect.objectContaining({
          rule: 'client-boundaries/feature-face',
          message: expect.stringContaining('through its public.ts only'),
        }),
      ]);
  });

  it('passes a face, the feature’s own files, client/ui and the app that composes the pages', async () => {
    const code = [
      "import { useLeads } from '../leads/public.js';",
      "import { dialerStore } from './store.js';",
      "import { formatCents } from '../../ui/format.js';",
      "import styles from '../../ui/Page.module.css';",
      'export { useLeads, dialerStore, formatCents, styles };',
      '',
    ].join('\n');
    expect(await lint(code, 'client/features/dialer/probe.ts')).toEqual([]);
    const routes = "export const page = () => import('../features/overview/OverviewPage.js');\n";
    expect(await lint(routes, 'client/app/probe.ts')).toEqual([]);
  });
});

describe('platform boundary (eslint.config.js)', () => {
  it('fails a platform module that imports a feature, at any depth', async () => {
    const interfaceOfAFeature =
      "import type { PhoneProvider } from '../features/dialer/phone-provider.js';\nexport type Phone = PhoneProvider;\n";
    expect(await lint(interfaceOfAFeature, 'server/platform/context.ts')).toEqual([
      expect.objectContaining({
        rule: 'no-restricted-imports',
        message: expect.stringContaining('server/platform imports no feature'),
      }),
    ]);
    const featureFromASubfolder =
      "import { connectPhoneEvents } from '../../features/dialer/lifecycle.js';\nexport const connect = connectPhoneEvents;\n";
    expect((await lint(featureFromASubfolder, 'server/platform/telephony/probe.ts')).map((m) => m.rule)).toEqual([
      'no-restricted-imports',
    ]);
    const featureList = "import { features } from '../features/index.js';\nexport const all = features;\n";
    expect((await lint(featureList, 'server/platform/probe.ts')).map((m) => m.rule)).toEqual(['no-restricted-imports']);
  });

  it('passes the platform’s own modules and the users face it reads the signed-in user through', async () => {
    const code = [
      "import type { PhoneProvider } from './telephony/phone-provider.js';",
      "import { findSignedInUser } from '../features/users/public.js';",
      "import { Queues } from '../../shared/queues.js';",
      'export { findSignedInUser, Queues };',
      'export type Phone = PhoneProvider;',
      '',
    ].join('\n');
    expect(await lint(code, 'server/platform/probe.ts')).toEqual([]);
  });
});

describe('socket events leave from events.ts (eslint.config.js)', () => {
  const pong = [
    "import { SocketEvents } from '../../../shared/events.js';",
    "import type { Platform } from '../../platform/context.js';",
    "export const pong = (platform: Platform, userId: string) => platform.live.toUser(userId, SocketEvents.systemPong, { jobId: '1', sentAt: '', processedAt: '' });",
    '',
  ].join('\n');

  it('fails an emit anywhere else in a feature', async () => {
    expect(await lint(pong, 'server/features/system/processor.ts')).toEqual([
      expect.objectContaining({ rule: 'no-restricted-syntax', message: expect.stringContaining('from its events.ts') }),
    ]);
    const socketEmit =
      "import type { Socket } from 'socket.io';\nexport const nudge = (socket: Socket) => socket.emit('x');\n";
    expect((await lint(socketEmit, 'server/features/dialer/signalling-probe.ts')).map((m) => m.rule)).toEqual([
      'no-restricted-syntax',
    ]);
  });

  it('passes the same emit in the feature’s events.ts', async () => {
    expect(await lint(pong, 'server/features/system/events.ts')).toEqual([]);
  });
});
