// The API's contract: for every /api route, by method and path (`:name` is one path segment), the TypeBox schemas of
// what it takes (`params`, `query`, `body`) and answers (`answer`, by status). The server's route registrations use
// these same schema objects ("the API contract" in tests/integration/security-access.test.ts checks every registered
// route against this table, and the reverse), and the client reads its request and answer types from it
// (shared/api-routes.ts), so a field one side sends and the other does not know is a compile error or a failing test,
// not a surprise in production. A route without `answer` sends a file or nothing.
import type { TSchema } from 'typebox';
import { CoachingAuditList, CoachingAuditQuery } from './schemas/coaching/audit.js';
import {
  ChangeModeBody,
  CoachingIndicator,
  CoachingSession,
  ListenableCalls,
  SessionParams,
  StartListeningBody,
} from './schemas/coaching/sessions.js';
import { ListenedCall, ListenedCallParams, ObjectionInsights } from './schemas/rebuttals/call-listening.js';
import { ActiveCampaignBody, ActiveCampaignResponse } from './schemas/campaigns/select.js';
import { AdminPayoutList, AdminPayoutsQuery } from './schemas/commissions/admin-payouts.js';
import { AuthSession, RefreshResponse } from './schemas/auth/session.js';
import { AutoDialAnswer, ConnectAnswer, DialerState } from './schemas/dialer/state.js';
import { AutoDialBody } from './schemas/dialer/auto-dial.js';
import { BonsaiQuery, BonsaiResponse } from './schemas/bonsai/get.js';
import { CallHistoryPage, CallHistoryQuery, CallIdOnly, RecordingQuery } from './schemas/dialer/history.js';
import {
  CallDigitsBody,
  CallIdParams,
  CallNotesBody,
  CallView,
  HoldCallBody,
  MuteCallBody,
  StartCallBody,
} from './schemas/dialer/call.js';
import { AvailableClosers, OfferTransferBody, TransferIdParams, TransferView } from './schemas/dialer/transfer.js';
import { DeskTransferBody, DeskTransferView } from './schemas/dialer/desk-transfer.js';
import {
  CampaignIdParams as InboundCampaignParams,
  CampaignInboundNumber,
  InboundCallView,
  InboundIdParams,
  SimulateInboundAnswer,
  SimulateInboundBody,
} from './schemas/dialer/inbound.js';
import { CallsInsights, EarningsInsights, FunnelInsights } from './schemas/insights/agent.js';
import { CampaignCreateBody, CampaignUpdateBody } from './schemas/campaigns/save.js';
import { CampaignDetail, CampaignParams } from './schemas/campaigns/detail.js';
import { CampaignInsights } from './schemas/insights/campaigns.js';
import { CampaignJoinResponse } from './schemas/campaigns/join.js';
import { CampaignList, CampaignListQuery } from './schemas/campaigns/list.js';
import { CancelDealBody, DealParams } from './schemas/deals/cancel.js';
import { ClientItem, ClientParams } from './schemas/clients/client.js';
import { ClientList, ClientListQuery } from './schemas/clients/list.js';
import { ClientUpdateBody } from './schemas/clients/update.js';
import { CloseLeadBody, DealItem, LeadParams as DealLeadParams } from './schemas/deals/close.js';
import {
  CommentList,
  CommentListQuery,
  CreateCommentBody,
  CreateCommentResponse,
} from './schemas/community/comments.js';
import {
  CreateFolderBody,
  MaterialFileQuery,
  MaterialFolder,
  MaterialFolderList,
  MaterialItem,
  MaterialList,
  MaterialListQuery,
  MaterialParams,
  StarResponse,
} from './schemas/materials/list.js';
import { CreatePostBody, CreatePostResponse } from './schemas/community/post.js';
import { DncAdded, DncBody, DncList, DncListQuery } from './schemas/dialer/dnc.js';
import { Earnings, EarningsQuery } from './schemas/commissions/earnings.js';
import { FollowUpList } from './schemas/follow-ups/list.js';
import { ForgotAccepted, ForgotBody } from './schemas/auth/forgot.js';
import { ImportAccepted, ImportParams, ImportStatus } from './schemas/leads/import.js';
import { InsightsQuery } from './schemas/insights/query.js';
import { InvitationBody, InvitationResponse } from './schemas/invitations/create.js';
import { LeadDealView } from './schemas/deals/lead-deal.js';
import { LeadDetail, LeadParams } from './schemas/leads/lead.js';
import { LeadList, LeadListQuery } from './schemas/leads/list.js';
import { LeadRequestBody, LeadRequestResult } from './schemas/leads/request.js';
import { LeadUpdateBody } from './schemas/leads/update.js';
import { Leaderboard, LeaderboardQuery } from './schemas/leaderboard/standings.js';
import { LikeResponse, PostIdParams, PostList, PostListQuery } from './schemas/community/list.js';
import { LoginBody, LoginResponse } from './schemas/auth/login.js';
import { LoginTwoFactorBody } from './schemas/auth/login-2fa.js';
import { MeResponse } from './schemas/me/get.js';
import { MeStats } from './schemas/overview/stats.js';
import { NotificationList, NotificationListQuery } from './schemas/notifications/list.js';
import { NotificationReadBody, NotificationReadResponse } from './schemas/notifications/read.js';
import { OutboxQuery, OutboxResponse } from './schemas/dev/outbox.js';
import { PasswordChangeBody } from './schemas/me/password.js';
import { PayoutRunResponse } from './schemas/commissions/payout-run.js';
import { PayoutsQuery, PayoutsResponse } from './schemas/commissions/ledger.js';
import { PendingVerification, RegisterBody } from './schemas/auth/register.js';
import { PerkList, PerkListQuery } from './schemas/perks/list.js';
import { PreferencesBody, PreferencesResponse } from './schemas/me/preferences.js';
import { ProfileBody } from './schemas/me/profile.js';
import { QueueBoardSession, QueueJobParams, QueueOverview } from './schemas/admin/queues.js';
import { QueueBody, QueueView } from './schemas/dialer/queue.js';
import { RebuttalInterestBody, RebuttalInterestResponse } from './schemas/rebuttals/list.js';
import { RebuttalBody, RebuttalItem, RebuttalList, RebuttalParams, RebuttalVote } from './schemas/rebuttals/library.js';
import { ReferralAnswer, ReferralParams } from './schemas/invitations/referral.js';
import { ResendBody } from './schemas/auth/resend.js';
import { ResetBody, ResetResponse } from './schemas/auth/reset.js';
import { RoleBody, RoleResponse } from './schemas/me/role.js';
import {
  RoleDecisionBody,
  RoleDecisionResponse,
  RoleRequestList,
  RoleRequestParams,
  RoleRequestQuery,
} from './schemas/admin/role-requests.js';
import { ScriptItem, ScriptList, ScriptListQuery, ScriptParams, ScriptUpdateBody } from './schemas/scripts/list.js';
import { SearchQuery, SearchResults } from './schemas/overview/search.js';
import { SupportAccepted, SupportBody } from './schemas/support/create.js';
import { SystemPingResponse } from './schemas/system/ping.js';
import { TeamActivityToday } from './schemas/team/activity.js';
import { TeamInsights } from './schemas/insights/team.js';
import {
  TwoFactorCodeBody,
  TwoFactorDisableResponse,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
} from './schemas/me/two-factor.js';
import { VerifyBody } from './schemas/auth/verify.js';
import {
  VoiceNoteAudioQuery,
  VoiceNoteCreated,
  VoiceNoteItem,
  VoiceNoteList,
  VoiceNoteListQuery,
  VoiceNoteParams,
  VoiceNotePatchBody,
} from './schemas/voice-notes/list.js';
import {
  WaitlistAdminItem,
  WaitlistAdminList,
  WaitlistAdminQuery,
  WaitlistEntryParams,
  WaitlistGrantResponse,
  WaitlistPatchBody,
} from './schemas/admin/waitlist.js';
import { WaitlistJoinBody, WaitlistJoined } from './schemas/waitlist/join.js';

export interface RouteContract {
  params?: TSchema;
  query?: TSchema;
  body?: TSchema;
  answer?: Partial<Record<200 | 201 | 202, TSchema>>;
}

export const API_CONTRACT = {
  'GET /api/admin/payouts': { query: AdminPayoutsQuery, answer: { 200: AdminPayoutList } },
  'POST /api/admin/payouts/run': { answer: { 200: PayoutRunResponse } },
  'GET /api/admin/queues': { answer: { 200: QueueOverview } },
  'POST /api/admin/queues/:name/jobs/:jobId/retry': { params: QueueJobParams },
  'POST /api/admin/queues/board-session': { answer: { 200: QueueBoardSession } },
  'GET /api/admin/role-requests': { query: RoleRequestQuery, answer: { 200: RoleRequestList } },
  'POST /api/admin/role-requests/:userId': {
    params: RoleRequestParams,
    body: RoleDecisionBody,
    answer: { 200: RoleDecisionResponse },
  },
  'GET /api/admin/waitlist': { query: WaitlistAdminQuery, answer: { 200: WaitlistAdminList } },
  'PATCH /api/admin/waitlist/:id': {
    params: WaitlistEntryParams,
    body: WaitlistPatchBody,
    answer: { 200: WaitlistAdminItem },
  },
  'POST /api/admin/waitlist/:id/grant': { params: WaitlistEntryParams, answer: { 200: WaitlistGrantResponse } },
  'GET /api/admin/waitlist/export.csv': {},
  'POST /api/auth/forgot': { body: ForgotBody, answer: { 202: ForgotAccepted } },
  'POST /api/auth/login': { body: LoginBody, answer: { 200: LoginResponse } },
  'POST /api/auth/login/2fa': { body: LoginTwoFactorBody, answer: { 200: AuthSession } },
  'POST /api/auth/logout': {},
  'POST /api/auth/logout-all': {},
  'POST /api/auth/refresh': { answer: { 200: RefreshResponse } },
  'POST /api/auth/register': { body: RegisterBody, answer: { 202: PendingVerification } },
  'POST /api/auth/resend': { body: ResendBody, answer: { 202: PendingVerification } },
  'POST /api/auth/reset': { body: ResetBody, answer: { 200: ResetResponse } },
  'POST /api/auth/verify': { body: VerifyBody, answer: { 200: AuthSession } },
  'GET /api/bonsai': { query: BonsaiQuery, answer: { 200: BonsaiResponse } },
  'GET /api/calls': { query: CallHistoryQuery, answer: { 200: CallHistoryPage } },
  'GET /api/calls/:id/recording': { params: CallIdOnly, query: RecordingQuery },
  'GET /api/calls/export.csv': { query: CallHistoryQuery },
  'GET /api/campaigns': { query: CampaignListQuery, answer: { 200: CampaignList } },
  'POST /api/campaigns': { body: CampaignCreateBody, answer: { 201: CampaignDetail } },
  'GET /api/campaigns/:id': { params: CampaignParams, answer: { 200: CampaignDetail } },
  'PATCH /api/campaigns/:id': { params: CampaignParams, body: CampaignUpdateBody, answer: { 200: CampaignDetail } },
  'POST /api/campaigns/:id/join': { params: CampaignParams, answer: { 200: CampaignJoinResponse } },
  'DELETE /api/campaigns/:id/join': { params: CampaignParams, answer: { 200: CampaignJoinResponse } },
  'POST /api/campaigns/:id/leads/import': { params: ImportParams, answer: { 202: ImportAccepted } },
  'GET /api/clients': { query: ClientListQuery, answer: { 200: ClientList } },
  'PATCH /api/clients/:id': { params: ClientParams, body: ClientUpdateBody, answer: { 200: ClientItem } },
  'POST /api/deals/:id/cancel': { params: DealParams, body: CancelDealBody, answer: { 200: DealItem } },
  'GET /api/dev/outbox': { query: OutboxQuery, answer: { 200: OutboxResponse } },
  'PUT /api/dialer/auto-dial': { body: AutoDialBody, answer: { 200: AutoDialAnswer } },
  'POST /api/dialer/calls': { body: StartCallBody, answer: { 201: CallView } },
  'PATCH /api/dialer/calls/:id': { params: CallIdParams, body: CallNotesBody, answer: { 200: CallView } },
  'POST /api/dialer/calls/:id/dnc': { params: CallIdParams, answer: { 201: DncAdded } },
  'POST /api/dialer/calls/:id/end': { params: CallIdParams, answer: { 200: CallView } },
  'POST /api/dialer/calls/:id/mute': { params: CallIdParams, body: MuteCallBody, answer: { 202: CallView } },
  'POST /api/dialer/connect': { answer: { 200: ConnectAnswer } },
  'GET /api/dialer/dnc': { query: DncListQuery, answer: { 200: DncList } },
  'POST /api/dialer/dnc': { body: DncBody, answer: { 201: DncAdded } },
  'POST /api/dialer/calls/:id/hold': { params: CallIdParams, body: HoldCallBody, answer: { 202: CallView } },
  'POST /api/dialer/calls/:id/digits': { params: CallIdParams, body: CallDigitsBody, answer: { 200: CallView } },
  'GET /api/dialer/calls/:id/transfer/closers': { params: CallIdParams, answer: { 200: AvailableClosers } },
  'POST /api/dialer/calls/:id/transfer': {
    params: CallIdParams,
    body: OfferTransferBody,
    answer: { 201: TransferView },
  },
  'POST /api/dialer/calls/:id/transfer/desk': {
    params: CallIdParams,
    body: DeskTransferBody,
    answer: { 200: DeskTransferView },
  },
  'POST /api/dialer/calls/:id/transfer/desk/complete': { params: CallIdParams, answer: { 200: DeskTransferView } },
  'POST /api/dialer/transfers/:id/accept': { params: TransferIdParams, answer: { 200: TransferView } },
  'POST /api/dialer/transfers/:id/decline': { params: TransferIdParams, answer: { 200: TransferView } },
  'POST /api/dialer/transfers/:id/complete': { params: TransferIdParams, answer: { 200: TransferView } },
  'GET /api/dialer/campaigns/:id/inbound-number': {
    params: InboundCampaignParams,
    answer: { 200: CampaignInboundNumber },
  },
  'POST /api/dialer/inbound/:id/answer': { params: InboundIdParams, answer: { 200: InboundCallView } },
  'POST /api/dialer/inbound/:id/decline': { params: InboundIdParams, answer: { 200: InboundCallView } },
  'POST /api/dev/inbound-call': { body: SimulateInboundBody, answer: { 202: SimulateInboundAnswer } },
  'GET /api/dialer/queue': { answer: { 200: QueueView } },
  'PUT /api/dialer/queue': { body: QueueBody, answer: { 200: QueueView } },
  'GET /api/dialer/state': { answer: { 200: DialerState } },
  'GET /api/earnings': { query: EarningsQuery, answer: { 200: Earnings } },
  'GET /api/follow-ups': { answer: { 200: FollowUpList } },
  'GET /api/imports/:id': { params: ImportParams, answer: { 200: ImportStatus } },
  'GET /api/imports/:id/rejected.csv': { params: ImportParams },
  'GET /api/insights/calls': { query: InsightsQuery, answer: { 200: CallsInsights } },
  'GET /api/insights/campaigns': { query: InsightsQuery, answer: { 200: CampaignInsights } },
  'GET /api/insights/earnings': { query: InsightsQuery, answer: { 200: EarningsInsights } },
  'GET /api/insights/funnel': { query: InsightsQuery, answer: { 200: FunnelInsights } },
  'GET /api/insights/team': { query: InsightsQuery, answer: { 200: TeamInsights } },
  'POST /api/invitations': { body: InvitationBody, answer: { 201: InvitationResponse } },
  'GET /api/leaderboard': { query: LeaderboardQuery, answer: { 200: Leaderboard } },
  'GET /api/leads': { query: LeadListQuery, answer: { 200: LeadList } },
  'GET /api/leads/:id': { params: LeadParams, answer: { 200: LeadDetail } },
  'PATCH /api/leads/:id': { params: LeadParams, body: LeadUpdateBody, answer: { 200: LeadDetail } },
  'POST /api/leads/:id/close': { params: DealLeadParams, body: CloseLeadBody, answer: { 201: DealItem } },
  'GET /api/leads/:id/deal': { params: DealLeadParams, answer: { 200: LeadDealView } },
  'POST /api/leads/request': { body: LeadRequestBody, answer: { 200: LeadRequestResult } },
  'GET /api/materials': { query: MaterialListQuery, answer: { 200: MaterialList } },
  'POST /api/materials': { answer: { 201: MaterialItem } },
  'DELETE /api/materials/:id': { params: MaterialParams },
  'GET /api/materials/:id/file': { params: MaterialParams, query: MaterialFileQuery },
  'POST /api/materials/:id/star': { params: MaterialParams, answer: { 200: StarResponse } },
  'GET /api/materials/folders': { answer: { 200: MaterialFolderList } },
  'POST /api/materials/folders': { body: CreateFolderBody, answer: { 201: MaterialFolder } },
  'GET /api/me': { answer: { 200: MeResponse } },
  'PATCH /api/me': { body: ProfileBody, answer: { 200: MeResponse } },
  'POST /api/me/2fa/disable': { body: TwoFactorCodeBody, answer: { 200: TwoFactorDisableResponse } },
  'POST /api/me/2fa/enable': { body: TwoFactorCodeBody, answer: { 200: TwoFactorEnableResponse } },
  'POST /api/me/2fa/setup': { answer: { 200: TwoFactorSetupResponse } },
  'PUT /api/me/active-campaign': { body: ActiveCampaignBody, answer: { 200: ActiveCampaignResponse } },
  'POST /api/me/password': { body: PasswordChangeBody, answer: { 200: AuthSession } },
  'GET /api/me/preferences': { answer: { 200: PreferencesResponse } },
  'PUT /api/me/preferences': { body: PreferencesBody, answer: { 200: PreferencesResponse } },
  'POST /api/me/role': { body: RoleBody, answer: { 200: RoleResponse } },
  'GET /api/me/stats': { answer: { 200: MeStats } },
  'GET /api/notifications': { query: NotificationListQuery, answer: { 200: NotificationList } },
  'POST /api/notifications/read': { body: NotificationReadBody, answer: { 200: NotificationReadResponse } },
  'GET /api/payouts': { query: PayoutsQuery, answer: { 200: PayoutsResponse } },
  'GET /api/perks': { query: PerkListQuery, answer: { 200: PerkList } },
  'GET /api/posts': { query: PostListQuery, answer: { 200: PostList } },
  'POST /api/posts': { body: CreatePostBody, answer: { 201: CreatePostResponse } },
  'GET /api/posts/:id/comments': { params: PostIdParams, query: CommentListQuery, answer: { 200: CommentList } },
  'POST /api/posts/:id/comments': {
    params: PostIdParams,
    body: CreateCommentBody,
    answer: { 201: CreateCommentResponse },
  },
  'POST /api/posts/:id/like': { params: PostIdParams, answer: { 200: LikeResponse } },
  'GET /api/coaching/calls': { answer: { 200: ListenableCalls } },
  'POST /api/coaching/sessions': { body: StartListeningBody, answer: { 201: CoachingSession } },
  'PUT /api/coaching/sessions/:id': { params: SessionParams, body: ChangeModeBody, answer: { 200: CoachingSession } },
  'DELETE /api/coaching/sessions/:id': { params: SessionParams },
  'GET /api/coaching/mine': { answer: { 200: CoachingIndicator } },
  'GET /api/coaching/audit': { query: CoachingAuditQuery, answer: { 200: CoachingAuditList } },
  'GET /api/rebuttals': { answer: { 200: RebuttalList } },
  'POST /api/rebuttals': { body: RebuttalBody, answer: { 201: RebuttalItem } },
  'PUT /api/rebuttals/:id': { params: RebuttalParams, body: RebuttalBody, answer: { 200: RebuttalItem } },
  'DELETE /api/rebuttals/:id': { params: RebuttalParams },
  'POST /api/rebuttals/:id/vote': { params: RebuttalParams, answer: { 200: RebuttalVote } },
  'GET /api/rebuttals/calls/:id': { params: ListenedCallParams, answer: { 200: ListenedCall } },
  'GET /api/rebuttals/insights': { query: InsightsQuery, answer: { 200: ObjectionInsights } },
  'POST /api/rebuttals/interest': {
    body: RebuttalInterestBody,
    answer: { 200: RebuttalInterestResponse, 201: RebuttalInterestResponse },
  },
  'GET /api/referrals/:code': { params: ReferralParams, answer: { 200: ReferralAnswer } },
  'GET /api/scripts': { query: ScriptListQuery, answer: { 200: ScriptList } },
  'PUT /api/scripts/:id': { params: ScriptParams, body: ScriptUpdateBody, answer: { 200: ScriptItem } },
  'GET /api/search': { query: SearchQuery, answer: { 200: SearchResults } },
  'POST /api/support': { body: SupportBody, answer: { 202: SupportAccepted } },
  'POST /api/system/ping': { answer: { 202: SystemPingResponse } },
  'GET /api/team/activity/today': { answer: { 200: TeamActivityToday } },
  'GET /api/voice-notes': { query: VoiceNoteListQuery, answer: { 200: VoiceNoteList } },
  'POST /api/voice-notes': { answer: { 201: VoiceNoteCreated } },
  'PATCH /api/voice-notes/:id': { params: VoiceNoteParams, body: VoiceNotePatchBody, answer: { 200: VoiceNoteItem } },
  'DELETE /api/voice-notes/:id': { params: VoiceNoteParams },
  'GET /api/voice-notes/:id/audio': { params: VoiceNoteParams, query: VoiceNoteAudioQuery },
  'POST /api/waitlist': { body: WaitlistJoinBody, answer: { 201: WaitlistJoined } },
} as const satisfies Record<string, RouteContract>;

export type ApiContract = typeof API_CONTRACT;
