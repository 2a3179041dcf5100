import { describe, expect, it } from 'vitest';
import { GatewaySupervisor } from '../../server/platform/telephony/gateway-supervisor.js';

describe('the phone gateway supervisor', () => {
  it('says the gateway is gone once, retries every second until a session is made, then says it is back', async () => {
    let attempts = 0;
    const changes: boolean[] = [];
    const supervisor = new GatewaySupervisor(
      async () => {
        attempts++;
        if (attempts < 2) throw new Error('connection refused');
      },
      (reachable) => changes.push(reachable),
    );
    supervisor.lost();
    supervisor.lost();
    expect(supervisor.reachable).toBe(false);
    expect(changes).toEqual([false]);
    await new Promise((resolve) => setTimeout(resolve, 2_600));
    expect(attempts).toBe(2);
    expect(supervisor.reachable).toBe(true);
    expect(changes).toEqual([false, true]);
    supervisor.stop();
  });

  it('a session made elsewhere (a call) ends the retries; a stopped supervisor retries nothing', async () => {
    let attempts = 0;
    const changes: boolean[] = [];
    const supervisor = new GatewaySupervisor(
      async () => {
        attempts++;
        throw new Error('down');
      },
      (reachable) => changes.push(reachable),
    );
    supervisor.lost();
    supervisor.back();
    expect(changes).toEqual([false, true]);
    supervisor.stop();
    supervisor.lost();
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(attempts).toBe(0);
    expect(changes).toEqual([false, true]);
  });
});
