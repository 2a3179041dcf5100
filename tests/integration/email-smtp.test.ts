import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../server/platform/local-redis.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { client, eventually } from '../support/http.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let testApp: TestApp;
const received: Received[] = [];

beforeAll(async () => {
  const port = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  testApp = await buildTestApp({
    env: { MAIL_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Commission Warriors <no-reply@cw.test>' },
  });
});

afterAll(async () => {
  await testApp?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

describe('e-mail worker over SMTP', () => {
  it('sends the verification code through a real SMTP conversation, and the code signs the user up', async () => {
    const http = client(testApp.url);
    const res = await http.post('/api/auth/register', {
      name: 'Mail Tester',
      email: 'smtp-user@test.local',
      password: 'smtp-password',
      confirmPassword: 'smtp-password',
      agreeTerms: true,
    });
    expect(res.status).toBe(202);
    // A real mail transport carries the code: it is never in the answer.
    expect(res.body).toEqual({ email: 'smtp-user@test.local' });

    const message = await eventually(async () => received.find((m) => m.to.includes('smtp-user@test.local')));
    expect(message.from).toBe('no-reply@cw.test');
    const subject = /^Subject: (.*)$/m.exec(message.raw)![1];
    const code = /verification code: (\d{6})/.exec(subject)![1];
    expect(message.raw).toContain(`Your verification code is ${code}`);

    const verified = await http.post<{ user: { email: string } }>('/api/auth/verify', {
      email: 'smtp-user@test.local',
      code,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.user.email).toBe('smtp-user@test.local');

    // The development outbox does not exist when real mail is configured.
    expect((await http.get('/api/dev/outbox')).status).toBe(404);
  });
});
