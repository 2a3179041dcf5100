// A lead calling back, in the dialer panel with the simulator (`npm start`, Chromium): the demo agent's panel rings
// with the lead's card, Answer puts the call through, and Call History lists it as Inbound.
import { describe, expect, it } from 'vitest';
import { DEMO_AGENT } from '../support/browser.js';
import { dialerPanelApp } from '../support/dialer-panel.js';

describe('a lead calls back, in the dialer panel (Chromium, simulator)', () => {
  const file = dialerPanelApp({}, { dataDirPrefix: 'cw-browser-inbound-' });

  /** The "Test calls" campaign's number, as its page shows it to an admin. */
  async function testCallsNumber(): Promise<string> {
    const login = await fetch(`${file.app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_AGENT.password }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const get = async <T>(path: string) =>
      (await (
        await fetch(`${file.app.url}${path}`, { headers: { authorization: `Bearer ${accessToken}` } })
      ).json()) as T;
    const campaign = await get<{ id: string }>('/api/campaigns/test-calls');
    return (await get<{ number: string }>(`/api/dialer/campaigns/${campaign.id}/inbound-number`)).number;
  }

  it("rings with the lead's card; Answer puts the call through; Call History says Inbound", async () => {
    const { app, panel, browser } = file;
    const { context, page, errors } = await panel.openAgentContext(browser);
    const api = await panel.agentApi();
    try {
      const dialer = panel.dialerOf(page);
      const number = await testCallsNumber();
      const called = await fetch(`${app.url}/api/dev/inbound-call`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: '5550100005', to: number }),
      });
      expect(called.status).toBe(202);

      const card = dialer.getByRole('alertdialog', { name: 'Incoming call' });
      await card.getByText('Incoming call from Test line: echo until you hang up').waitFor();
      await card.getByText('(555) 010-0005', { exact: false }).waitFor();
      await card.getByRole('button', { name: 'Answer' }).click();
      await dialer.getByText('In call', { exact: true }).waitFor();
      expect(await card.count()).toBe(0);
      expect((await api.liveCall())?.direction).toBe('inbound');

      await dialer.getByRole('button', { name: 'End call' }).click();
      await dialer.getByRole('button', { name: 'Call', exact: true }).waitFor();
      const [latest] = await api.calls();
      expect(latest).toMatchObject({ direction: 'inbound', status: 'answered', phone: '(555) 010-0005' });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
