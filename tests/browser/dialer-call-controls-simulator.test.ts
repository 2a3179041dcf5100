// Hold and the keypad in the dialer panel with the simulator (`npm start`'s provider, Chromium): the same controls
// as on a real line, with their states and keyboard use.
import { describe, expect, it } from 'vitest';
import { dialerPanelApp } from '../support/dialer-panel.js';

describe('hold and the keypad with the simulator (Chromium)', () => {
  const file = dialerPanelApp({}, { dataDirPrefix: 'cw-browser-hold-sim-' });

  it('Hold is a toggle button whose pressed state is the call on hold; the keypad takes clicks and keys', async () => {
    const { panel, browser } = file;
    const { context, page, errors } = await panel.openAgentContext(browser);
    const api = await panel.agentApi();
    try {
      const dialer = panel.dialerOf(page);
      // 555-010-0005 answers and stays on the line until the agent ends.
      await panel.dial(page, '5550100005');
      const hold = dialer.getByRole('button', { name: 'Hold' });
      await dialer.getByText('In call', { exact: true }).waitFor();

      await expect.poll(() => hold.isDisabled()).toBe(false);
      expect(await hold.getAttribute('aria-pressed')).toBe('false');
      await hold.click();
      await expect.poll(() => hold.getAttribute('aria-pressed')).toBe('true');
      await dialer.getByText('On hold', { exact: true }).waitFor();
      expect((await api.liveCall())?.held).toBe(true);
      // Keyboard: Space on the focused toggle resumes.
      await hold.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => hold.getAttribute('aria-pressed')).toBe('false');
      expect(await dialer.getByText('On hold', { exact: true }).count()).toBe(0);
      expect((await api.liveCall())?.held).toBe(false);

      const keypad = dialer.getByRole('group', { name: 'Keypad' });
      await keypad.getByRole('button', { name: '7', exact: true }).click();
      await keypad.getByRole('button', { name: '*', exact: true }).focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('3');
      const sent = dialer.getByRole('status', { name: 'Keys sent' });
      await expect.poll(() => sent.textContent()).toBe('Keys sent: 7*3');
      // Letters are not keys: nothing is sent.
      await page.keyboard.press('a');
      await page.waitForTimeout(200);
      expect(await sent.textContent()).toBe('Keys sent: 7*3');

      await dialer.getByRole('button', { name: 'End call' }).click();
      await dialer.getByRole('button', { name: 'Call', exact: true }).waitFor();
      expect(await dialer.getByRole('button', { name: 'Hold' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
