import { Type, type Static } from 'typebox';
import { AdminMessages } from './waitlist.js';

const RoleSchema = Type.Union([Type.Literal('sales'), Type.Literal('owner'), Type.Literal('admin')]);
const StatusSchema = Type.Union([Type.Literal('pending'), Type.Literal('approved'), Type.Literal('rejected')]);

export const RoleRequestItem = Type.Object({
  userId: Type.String(),
  name: Type.String(),
  email: Type.String(),
  currentRole: RoleSchema,
  requestedRole: RoleSchema,
  status: StatusSchema,
  requestedAt: Type.String(),
  decidedAt: Type.Optional(Type.String()),
});
export type RoleRequestItem = Static<typeof RoleRequestItem>;

/** `GET /api/admin/role-requests?status=` (default pending; oldest first, as a queue of work). */
export const RoleRequestQuery = Type.Object({
  status: Type.Optional(Type.Union([StatusSchema, Type.Literal('all')], { default: 'pending' })),
});
export type RoleRequestQuery = Static<typeof RoleRequestQuery>;

export const RoleRequestList = Type.Object({ items: Type.Array(RoleRequestItem) });
export type RoleRequestList = Static<typeof RoleRequestList>;

export const RoleRequestParams = Type.Object({
  userId: Type.String({ pattern: '^[0-9a-f]{24}$', errorMessage: AdminMessages.requestNotFound }),
});

/** `POST /api/admin/role-requests/:userId`. */
export const RoleDecisionBody = Type.Object({
  decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')], {
    errorMessage: 'Choose approve or reject.',
  }),
});
export type RoleDecisionBody = Static<typeof RoleDecisionBody>;

export const RoleDecisionResponse = Type.Object({ request: RoleRequestItem });
export type RoleDecisionResponse = Static<typeof RoleDecisionResponse>;

/** What the user sees (notification) when an admin decides. */
export const RoleDecisionNotice = {
  approvedTitle: 'Role request approved',
  approved: (role: string) => `You are now a campaign ${role}. Your new tools are ready.`,
  rejectedTitle: 'Role request declined',
  rejected: (role: string) =>
    `Your request for the ${role} role was declined. Please contact support if you have questions.`,
} as const;
