import type { QueueBoardSession, QueueOverview } from './schemas/admin/queues.js';
import type { RoleDecisionResponse, RoleRequestList } from './schemas/admin/role-requests.js';
import type { WaitlistAdminItem, WaitlistAdminList } from './schemas/admin/waitlist.js';
import type { ForgotAccepted } from './schemas/auth/forgot.js';
import type { LoginResponse } from './schemas/auth/login.js';
import type { PendingVerification } from './schemas/auth/register.js';
import type { AuthSession } from './schemas/auth/session.js';
import type { BonsaiResponse } from './schemas/bonsai/get.js';
import type { CoachingAuditList } from './schemas/coaching/audit.js';
import type { CoachingIndicator, CoachingSession, ListenableCalls } from './schemas/coaching/sessions.js';
import type { CampaignDetail } from './schemas/campaigns/detail.js';
import type { CampaignJoinResponse } from './schemas/campaigns/join.js';
import type { CampaignList } from './schemas/campaigns/list.js';
import type { ActiveCampaignResponse } from './schemas/campaigns/select.js';
import type { ClientItem } from './schemas/clients/client.js';
import type { ClientList } from './schemas/clients/list.js';
import type { AdminPayoutList } from './schemas/commissions/admin-payouts.js';
import type { Earnings } from './schemas/commissions/earnings.js';
import type { PayoutsResponse } from './schemas/commissions/ledger.js';
import type { PayoutRunResponse } from './schemas/commissions/payout-run.js';
import type { CommentList, CreateCommentResponse } from './schemas/community/comments.js';
import type { LikeResponse, PostList } from './schemas/community/list.js';
import type { CreatePostResponse } from './schemas/community/post.js';
import type { DealItem } from './schemas/deals/close.js';
import type { LeadDealView } from './schemas/deals/lead-deal.js';
import type { CallView } from './schemas/dialer/call.js';
import type { DncAdded } from './schemas/dialer/dnc.js';
import type { CallHistoryPage } from './schemas/dialer/history.js';
import type { QueueView } from './schemas/dialer/queue.js';
import type { AutoDialAnswer, ConnectAnswer, DialerState } from './schemas/dialer/state.js';
import type { CallsInsights, EarningsInsights, FunnelInsights } from './schemas/insights/agent.js';
import type { CampaignInsights } from './schemas/insights/campaigns.js';
import type { TeamInsights } from './schemas/insights/team.js';
import type { FollowUpList } from './schemas/follow-ups/list.js';
import type { InvitationResponse } from './schemas/invitations/create.js';
import type { ReferralAnswer } from './schemas/invitations/referral.js';
import type { Leaderboard } from './schemas/leaderboard/standings.js';
import type { ImportStatus } from './schemas/leads/import.js';
import type { LeadDetail } from './schemas/leads/lead.js';
import type { LeadList } from './schemas/leads/list.js';
import type { LeadRequestResult } from './schemas/leads/request.js';
import type { MaterialFolder, MaterialList } from './schemas/materials/list.js';
import type { MeResponse } from './schemas/me/get.js';
import type { PreferencesResponse } from './schemas/me/preferences.js';
import type { RoleResponse } from './schemas/me/role.js';
import type { TwoFactorEnableResponse, TwoFactorSetupResponse } from './schemas/me/two-factor.js';
import type { NotificationList } from './schemas/notifications/list.js';
import type { NotificationReadResponse } from './schemas/notifications/read.js';
import type { SearchResults } from './schemas/overview/search.js';
import type { MeStats } from './schemas/overview/stats.js';
import type { PerkList } from './schemas/perks/list.js';
import type { RebuttalInterestResponse, RebuttalList } from './schemas/rebuttals/list.js';
import type { ScriptItem, ScriptList } from './schemas/scripts/list.js';
import type { SupportAccepted } from './schemas/support/create.js';
import type { TeamActivityToday } from './schemas/team/activity.js';
import type { VoiceNoteItem } from './schemas/voice-notes/list.js';
import type { WaitlistJoined } from './schemas/waitlist/join.js';

/**
 * The API's JSON answers by method and path (`:name` is one path segment; the query string does not count).
 * The client's `api()` and `useApiQuery()` read their answer type from here, so a field the server does not
 * send is a compile error at the call site. Add a route here when the client starts calling it.
 */
export interface ApiRoutes {
  GET: {
    '/api/admin/payouts': AdminPayoutList;
    '/api/admin/queues': QueueOverview;
    '/api/admin/role-requests': RoleRequestList;
    '/api/admin/waitlist': WaitlistAdminList;
    '/api/bonsai': BonsaiResponse;
    '/api/calls': CallHistoryPage;
    '/api/campaigns': CampaignList;
    '/api/campaigns/:id': CampaignDetail;
    '/api/clients': ClientList;
    '/api/coaching/audit': CoachingAuditList;
    '/api/coaching/calls': ListenableCalls;
    '/api/coaching/mine': CoachingIndicator;
    '/api/follow-ups': FollowUpList;
    '/api/dialer/queue': QueueView;
    '/api/dialer/state': DialerState;
    '/api/earnings': Earnings;
    '/api/imports/:id': ImportStatus;
    '/api/insights/calls': CallsInsights;
    '/api/insights/campaigns': CampaignInsights;
    '/api/insights/earnings': EarningsInsights;
    '/api/insights/funnel': FunnelInsights;
    '/api/insights/team': TeamInsights;
    '/api/leaderboard': Leaderboard;
    '/api/leads': LeadList;
    '/api/leads/:id': LeadDetail;
    '/api/leads/:id/deal': LeadDealView;
    '/api/materials': MaterialList;
    '/api/materials/folders': { items: MaterialFolder[] };
    '/api/me': MeResponse;
    '/api/me/preferences': PreferencesResponse;
    '/api/me/stats': MeStats;
    '/api/notifications': NotificationList;
    '/api/payouts': PayoutsResponse;
    '/api/perks': PerkList;
    '/api/posts': PostList;
    '/api/posts/:id/comments': CommentList;
    '/api/rebuttals': RebuttalList;
    '/api/referrals/:code': ReferralAnswer;
    '/api/scripts': ScriptList;
    '/api/search': SearchResults;
    '/api/team/activity/today': TeamActivityToday;
    '/api/voice-notes': { items: VoiceNoteItem[] };
  };
  POST: {
    '/api/admin/payouts/run': PayoutRunResponse;
    '/api/admin/queues/board-session': QueueBoardSession;
    '/api/admin/role-requests/:userId': RoleDecisionResponse;
    '/api/admin/waitlist/:id/grant': { entry: WaitlistAdminItem; accountUpdated: boolean };
    '/api/auth/forgot': ForgotAccepted;
    '/api/auth/login': LoginResponse;
    '/api/auth/login/2fa': AuthSession;
    '/api/auth/logout': undefined;
    '/api/auth/logout-all': undefined;
    '/api/auth/register': PendingVerification;
    '/api/auth/resend': PendingVerification;
    '/api/auth/verify': AuthSession;
    '/api/campaigns': CampaignDetail;
    '/api/campaigns/:id/join': CampaignJoinResponse;
    '/api/coaching/sessions': CoachingSession;
    '/api/deals/:id/cancel': DealItem;
    '/api/dialer/calls': CallView;
    '/api/dialer/calls/:id/dnc': DncAdded;
    '/api/dialer/calls/:id/end': CallView;
    '/api/dialer/calls/:id/mute': CallView;
    '/api/dialer/connect': ConnectAnswer;
    '/api/invitations': InvitationResponse;
    '/api/leads/:id/close': DealItem;
    '/api/leads/request': LeadRequestResult;
    '/api/materials/:id/star': { starred: boolean };
    '/api/materials/folders': MaterialFolder;
    '/api/me/2fa/disable': { twoFactorEnabled: false };
    '/api/me/2fa/enable': TwoFactorEnableResponse;
    '/api/me/2fa/setup': TwoFactorSetupResponse;
    '/api/me/password': AuthSession;
    '/api/me/role': RoleResponse;
    '/api/notifications/read': NotificationReadResponse;
    '/api/posts': CreatePostResponse;
    '/api/posts/:id/comments': CreateCommentResponse;
    '/api/posts/:id/like': LikeResponse;
    '/api/rebuttals/interest': RebuttalInterestResponse;
    '/api/support': SupportAccepted;
    '/api/waitlist': WaitlistJoined;
  };
  PUT: {
    '/api/coaching/sessions/:id': CoachingSession;
    '/api/dialer/auto-dial': AutoDialAnswer;
    '/api/dialer/queue': QueueView;
    '/api/me/active-campaign': ActiveCampaignResponse;
    '/api/me/preferences': PreferencesResponse;
    '/api/scripts/:id': ScriptItem;
  };
  PATCH: {
    '/api/admin/waitlist/:id': WaitlistAdminItem;
    '/api/campaigns/:id': CampaignDetail;
    '/api/clients/:id': ClientItem;
    '/api/dialer/calls/:id': CallView;
    '/api/leads/:id': LeadDetail;
    '/api/me': MeResponse;
  };
  DELETE: {
    '/api/campaigns/:id/join': CampaignJoinResponse;
    '/api/coaching/sessions/:id': undefined;
  };
}

export type ApiMethod = keyof ApiRoutes;

type Segments<P extends string> = P extends `${infer Head}/${infer Rest}` ? [Head, ...Segments<Rest>] : [P];
type WithoutQuery<P extends string> = P extends `${infer Base}?${string}` ? Base : P;
type SegmentMatches<Actual extends string, Pattern extends string> = Pattern extends `:${string}`
  ? Actual extends ''
    ? false
    : true
  : Actual extends Pattern
    ? true
    : false;
type SegmentsMatch<Actual extends string[], Pattern extends string[]> = Actual extends [
  infer A extends string,
  ...infer AR extends string[],
]
  ? Pattern extends [infer B extends string, ...infer BR extends string[]]
    ? SegmentMatches<A, B> extends true
      ? SegmentsMatch<AR, BR>
      : false
    : false
  : Pattern extends []
    ? true
    : false;

/** The route pattern a concrete path (`/api/leads/${id}?x=1`) is an instance of, or never. */
export type ApiRouteOf<M extends ApiMethod, P extends string> = {
  [K in keyof ApiRoutes[M] & string]: SegmentsMatch<Segments<WithoutQuery<P>>, Segments<K>> extends true ? K : never;
}[keyof ApiRoutes[M] & string];

/** The answer of `M P`: the mapped type, or `unknown` for a path the map does not know (the caller must check it). */
export type ApiAnswer<M extends ApiMethod, P extends string> = [ApiRouteOf<M, P>] extends [never]
  ? unknown
  : ApiRoutes[M][ApiRouteOf<M, P>];
