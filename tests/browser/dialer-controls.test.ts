// The dialer panel with the simulated provider in an app of this file's own whose call-control answers come late
// (DIALER_ANSWER_DELAY_MS): mute shown right under a slow answer, and the call's progress and results.
import { describe, expect, it } from 'vitest';
import { dialerPanelApp, OSCILLATOR_SPY } from '../support/dialer-panel.js';

/** Longer than the simulator's mute step (0.3 s): every mute answer arrives after the pushed, applied state. */
const ANSWER_DELAY_MS = 700;

describe('dialer controls with the simulator (Chromium)', () => {
  const file = dialerPanelApp(
    { DIALER_ANSWER_DELAY_MS: String(ANSWER_DELAY_MS) },
    { dataDirPrefix: 'cw-browser-controls-' },
  );

  it('Mute / Unmute clicked 20 times under a slow answer: the panel is right 20 of 20 times', async () => {
    const { panel, browser } = file;
    const { context, page, errors } = await panel.openAgentContext(browser);
    try {
      // 555-010-0005 answers and stays on the line until the agent ends.
      await panel.dial(page, '5550100005');
      await panel.dialerOf(page).getByText('In call', { exact: true }).waitFor();
      expect(await panel.muteClicksShownRight(page, 20)).toBe(20);
      await panel.dialerOf(page).getByRole('button', { name: 'End call' }).click();
      await panel.dialerOf(page).getByRole('button', { name: 'Call', exact: true }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('rings with a local ringback tone, and tells busy, no answer and not in service apart in the panel and Call History', async () => {
    const { panel, browser } = file;
    const { context, page, errors } = await panel.openAgentContext(browser, { initScript: OSCILLATOR_SPY });
    try {
      const dialer = panel.dialerOf(page);
      const api = await panel.agentApi();
      const cases = [
        { digits: '5550100002', shown: '(555) 010-0002', label: 'Busy', cause: 'SIP 486 Busy Here' },
        { digits: '5550100003', shown: '(555) 010-0003', label: 'No answer', cause: 'SIP 487 Request Terminated' },
        { digits: '5550100077', shown: '(555) 010-0077', label: 'Not in service', cause: 'SIP 404 Not Found' },
      ];
      for (const { digits, shown, label, cause } of cases) {
        await expect.poll(async () => (await api.liveCall())?.state ?? 'idle', { timeout: 10_000 }).toBe('idle');
        await panel.dial(page, digits);
        if (label === 'No answer') {
          // It rings before it rings out: the badge says so and the tab plays the ringback tone itself (no early media).
          await dialer.getByText('Ringing...', { exact: true }).waitFor();
          await expect
            .poll(() => page.evaluate(() => (window as unknown as { __tones: number[] }).__tones))
            .toEqual(expect.arrayContaining([440, 480]));
        }
        await dialer.getByText(new RegExp(`Last call: .*\\(555\\) 010-00\\d\\d · ${label} · 0:00`)).waitFor();
        expect(await dialer.getByText(`Last call: ${shown}`, { exact: false }).count()).toBeGreaterThan(0);
        const call = (await api.calls()).find((c) => c.phone.replace(/\D/g, '') === digits)!;
        expect(call).toMatchObject({ status: 'missed', duration: 0 });
        const row = page.getByRole('table', { name: 'Call history' }).locator(`tr[data-call-id="${call.id}"]`);
        await expect
          .poll(() => row.locator('td').nth(4).textContent(), { timeout: 10_000 })
          .toBe(`Missed${label} (${cause})`);
      }
      // Busy and not in service never rang: no tone was started for them.
      const tones = await page.evaluate(() => (window as unknown as { __tones: number[] }).__tones);
      expect(tones.filter((f) => f === 440)).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
