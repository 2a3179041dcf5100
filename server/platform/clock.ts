/** Time comes through here so tests can move it (caps per day, hold windows, idle leads). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can set and advance by hand. */
export class ManualClock implements Clock {
  constructor(private current = new Date('2026-01-05T12:00:00Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
