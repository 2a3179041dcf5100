import { describe, expect, it } from 'vitest';
import { formatCents, formatPercent, timeAgo } from '../../client/ui/format.js';
import { isActive, MAIN_NAV, RESOURCES_NAV } from '../../client/features/dashboard/shell/nav.js';
import { trialDaysLeft } from '../../client/features/overview/trial.js';

describe('dashboard sidebar', () => {
  it('has every entry of the spec, with the NEW and SOON badges', () => {
    expect(MAIN_NAV.map((entry) => entry.href)).toEqual([
      '/dashboard',
      '/dashboard/campaigns',
      '/dashboard/leads',
      '/dashboard/calls',
      '/dashboard/insights',
      '/dashboard/calendar',
      '/dashboard/bonsai',
      '/dashboard/perks',
      '/dashboard/waitlist-admin',
      '/dashboard/settings',
      '/dashboard/support',
    ]);
    expect(RESOURCES_NAV.map((entry) => entry.href)).toEqual([
      '/resources/materials',
      '/resources/scripts',
      '/resources/voice-notes',
      '/resources/ai-rebuttals',
      '/lead-management',
    ]);
    expect(MAIN_NAV.find((entry) => entry.href === '/dashboard/perks')?.badge).toBe('NEW');
    expect(RESOURCES_NAV.find((entry) => entry.href === '/resources/ai-rebuttals')?.badge).toBe('SOON');
  });

  it('is active by route prefix; the overview only on itself', () => {
    expect(isActive('/dashboard/campaigns', '/dashboard/campaigns/65f0c0ffee')).toBe(true);
    expect(isActive('/dashboard/perks', '/dashboard/perks/travel')).toBe(true);
    expect(isActive('/dashboard/calls', '/dashboard/calls-archive')).toBe(false);
    expect(isActive('/dashboard', '/dashboard')).toBe(true);
    expect(isActive('/dashboard', '/dashboard/campaigns')).toBe(false);
  });
});

describe('trial days left', () => {
  const now = Date.parse('2026-01-01T12:00:00Z');
  it('counts a started day as a day and never goes below zero', () => {
    expect(trialDaysLeft('2026-03-29T12:00:00Z', now)).toBe(87);
    expect(trialDaysLeft('2026-01-01T13:00:00Z', now)).toBe(1);
    expect(trialDaysLeft('2025-12-01T00:00:00Z', now)).toBe(0);
  });
});

describe('money and time labels', () => {
  it('formats integer cents', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(50000)).toBe('$500');
    expect(formatCents(-2550)).toBe('-$25.50');
    expect(formatPercent(0.25)).toBe('25%');
    expect(formatPercent(0.045)).toBe('4.5%');
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(timeAgo('2026-01-01T11:59:50Z', now)).toBe('just now');
    expect(timeAgo('2026-01-01T11:58:00Z', now)).toBe('2 minutes ago');
    expect(timeAgo('2026-01-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2025-12-31T12:00:00Z', now)).toBe('1 day ago');
  });
});
