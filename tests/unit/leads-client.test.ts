import { describe, expect, it } from 'vitest';
import { progressBand } from '../../client/features/clients/store.js';
import { groupDetails } from '../../client/features/lead-management/details.js';
import {
  hasRequiredColumns,
  initialChoices,
  parseRecords,
} from '../../client/features/lead-management/import/csv-header.js';
import { detailLabel, formatPhone } from '../../client/features/leads/labels.js';
import { applyLead, applyLeads, leads, matchesFilter, type LeadFilter } from '../../client/features/leads/store.js';
import type { LeadItem } from '../../shared/schemas/leads/lead.js';

const lead: LeadItem = {
  id: 'a'.repeat(24),
  campaignId: 'c'.repeat(24),
  campaignSlug: 'hotel',
  campaignName: 'Hotel Accommodation',
  name: 'Mona Hassan',
  company: 'Nile Logistics',
  email: 'mona@example.test',
  phone: '15550101234',
  source: 'Website',
  leadType: 'Corporate',
  details: {},
  disposition: 'Potential',
  stage: 'Qualified',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('CSV header row read in the browser', () => {
  it('reads quoted fields, doubled quotes, CRLF and a byte-order mark', () => {
    const text = '\ufeffFull Name,"Notes, long","Say ""hi"""\r\nAna,"a, b",x\r\nBen';
    expect(parseRecords(text, 2)).toEqual([
      ['Full Name', 'Notes, long', 'Say "hi"'],
      ['Ana', 'a, b', 'x'],
    ]);
  });

  it('drops a record cut off inside quotes by the peek window', () => {
    expect(parseRecords('name,notes\nAna,"unfinished', 2)).toEqual([['name', 'notes']]);
  });

  it('starts from the server guesses; the first column of a field wins, unknown columns stay details', () => {
    const choices = initialChoices(['Full Name', 'E-mail', 'Mobile', 'Phone', 'Budget']);
    expect(choices).toEqual(['name', 'email', 'phone', 'details', 'details']);
    expect(hasRequiredColumns(choices)).toBe(true);
    expect(hasRequiredColumns(['name', 'company'])).toBe(false);
    expect(hasRequiredColumns(['firstName', 'email'])).toBe(true);
  });
});

describe('live leads land only in the lists that would list them', () => {
  it('matches campaign, disposition, stage and the search the way the server does', () => {
    expect(matchesFilter(lead, {})).toBe(true);
    expect(matchesFilter(lead, { campaignId: 'c'.repeat(24), disposition: 'Potential' })).toBe(true);
    expect(matchesFilter(lead, { disposition: 'New' })).toBe(false);
    expect(matchesFilter(lead, { stage: 'Contacted' })).toBe(false);
    expect(matchesFilter(lead, { search: 'nile' })).toBe(true);
    expect(matchesFilter(lead, { search: '(555) 010' })).toBe(true);
    expect(matchesFilter(lead, { search: 'zzz' })).toBe(false);
  });
});

describe('a leads:updated batch', () => {
  const other = 'd'.repeat(24);
  const make = (n: number, patch: Partial<LeadItem> = {}): LeadItem => ({
    ...lead,
    id: String(n).padStart(24, '0'),
    name: `Lead ${n}`,
    disposition: 'New',
    stage: 'New',
    ...patch,
  });
  const show = (filter: LeadFilter, items: LeadItem[]) => {
    leads.views.management = { filter, items: structuredClone(items), nextCursor: null, status: 'ready', fresh: [] };
    leads.views.pipeline = { filter: {}, items: [], nextCursor: null, status: 'idle', fresh: [] };
  };
  const listed = () => leads.views.management.items.map((item) => ({ ...item }));

  it('lands exactly as the same leads would one by one: replaced, dropped, added on top, names kept', () => {
    const filter = { campaignId: lead.campaignId, stage: 'New' as const };
    const before = [make(1, { assignedTo: 'a'.repeat(24), assignedToName: 'Ann' }), make(2), make(3)];
    const batch = [
      make(1, { assignedTo: 'a'.repeat(24) }), // same assignee, no name in the push: the shown name stays
      make(2, { stage: 'Contacted' }), // leaves the stage filter
      make(4, { assignedTo: 'b'.repeat(24), assignedToName: 'Ben' }),
      make(5, { campaignId: other }), // another campaign's list
      make(6),
      make(4, { assignedTo: 'b'.repeat(24), assignedToName: 'Ben', notes: 'twice in one batch' }),
      make(3, { assignedTo: 'b'.repeat(24), assignedToName: 'Ben' }),
    ];
    show(filter, before);
    for (const item of batch) applyLead(item);
    const oneByOne = listed();
    show(filter, before);
    applyLeads(batch);
    expect(listed()).toEqual(oneByOne);
    expect(listed().map((item) => item.name)).toEqual(['Lead 6', 'Lead 4', 'Lead 1', 'Lead 3']);
    expect(listed()[1].notes).toBe('twice in one batch');
    expect(listed()[2].assignedToName).toBe('Ann');
    expect(leads.views.management.fresh).toEqual([]);
  });

  it('a lead back in the pool stays listed for the owner, without its old assignee', () => {
    show({}, [make(1, { assignedTo: 'a'.repeat(24), assignedToName: 'Ann' })]);
    applyLeads([make(1)]);
    expect(listed()).toEqual([make(1)]);
  });
});

describe('lead and client display', () => {
  it('colours client progress in the spec bands below 20, 40, 60, 80 and 100', () => {
    expect([0, 19, 20, 39, 40, 59, 60, 79, 80, 100].map(progressBand)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('formats phones and detail labels', () => {
    expect(formatPhone('15550101234')).toBe('+1 (555) 010-1234');
    expect(formatPhone('5550101234')).toBe('(555) 010-1234');
    expect(formatPhone('201000000008')).toBe('+20 10 00000008');
    expect(formatPhone('442079460958')).toBe('+44 20 7946 0958');
    expect(detailLabel('preferredHotels')).toBe('Preferred hotels');
    expect(detailLabel('Monthly Budget')).toBe('Monthly Budget');
  });

  it('groups campaign details as spec 2 lists them, keeping unknown columns', () => {
    const groups = groupDetails('real-estate-us', {
      propertyType: 'Villa',
      budget: 100,
      mortgage: 'Needed',
      Referrer: 'Sam',
    });
    expect(groups.map((group) => group.title)).toEqual([
      'Property',
      'Budget and payment',
      'US financing',
      'Other details',
    ]);
    expect(groupDetails('adwords', { monthlyBudget: 500 })[0].entries).toEqual([['monthlyBudget', 500]]);
  });
});
