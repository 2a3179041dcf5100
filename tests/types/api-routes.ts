/**
 * Compile-time checks of the route map (shared/api-routes.ts): `npx tsc` fails when an answer's field is
 * misnamed at a call site or a `@ts-expect-error` below stops being an error. Nothing here runs.
 */
import { api } from '../../client/api/client.js';
import { useApiQuery, pathWithQuery } from '../../client/api/useApiQuery.js';

export async function answersFollowThePath(id: string, params: URLSearchParams): Promise<void> {
  const campaigns = await api('/api/campaigns');
  campaigns.items[0]?.payoutRange.toUpperCase();
  const campaign = await api(`/api/campaigns/${encodeURIComponent(id)}`, { quiet: true });
  campaign.holdDays.toFixed();
  const page = await api(`/api/calls?${params}`);
  page.items.map((call) => call.id);
  // A field the answer does not have.
  // @ts-expect-error CampaignDetail has no `payout`
  void campaign.payout;
  // The method picks the answer: PATCH /api/leads/:id answers the lead, POST /api/posts/:id/like a like.
  const lead = await api(`/api/leads/${id}`, { method: 'PATCH', body: { notes: '' } });
  lead.lead.name.trim();
  const like = await api(`/api/posts/${id}/like`, { method: 'POST' });
  void like.liked;
  // @ts-expect-error a like answer has no `items`
  void like.items;
  // A path the map does not know answers `unknown`.
  const unknown = await api('/api/not-a-route');
  // @ts-expect-error unknown must be checked before use
  void unknown.items;
}

export function useQueriesFollowThePath(q: string): void {
  const perks = useApiQuery(pathWithQuery('/api/perks', { q }));
  perks.data?.items.map((perk) => perk.id);
  // @ts-expect-error PerkList has no `total`
  void perks.data?.total;
}

export async function bodiesFollowThePath(id: string): Promise<void> {
  await api(`/api/leads/${id}`, { method: 'PATCH', body: { notes: 'called back' } });
  await api('/api/auth/login', { body: { email: 'a@b.co', password: 'secret' } });
  // @ts-expect-error the login body has no `username`
  await api('/api/auth/login', { body: { username: 'a', password: 'secret' } });
  // @ts-expect-error a lead's notes are text
  await api(`/api/leads/${id}`, { method: 'PATCH', body: { notes: 3 } });
  // @ts-expect-error muting says whether
  await api(`/api/dialer/calls/${id}/mute`, { body: { muted: 'yes' } });
  // A path built at run time is answered as the caller says, with any body.
  const path: string = `/api/leads/${id}`;
  await api<{ ok: boolean }>(path, { method: 'PATCH', body: { anything: 1 } });
}
