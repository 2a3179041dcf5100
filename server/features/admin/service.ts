import { ObjectId } from 'mongodb';
import { RoleDecisionNotice, type RoleRequestItem } from '../../../shared/schemas/admin/role-requests.js';
import {
  AdminMessages,
  WAITLIST_CSV_COLUMNS,
  type WaitlistAdminItem,
  type WaitlistAdminList,
} from '../../../shared/schemas/admin/waitlist.js';
import type { Platform } from '../../platform/context.js';
import { csvRow, type CsvValue } from '../../platform/csv.js';
import { conflict, notFound } from '../../platform/errors.js';
import { notify } from '../notifications/public.js';
import { emitRoleRequestUpdated } from './events.js';
import {
  accountsByEmail,
  decideRoleRequest,
  findUserById,
  grantAccountAccess,
  listRoleRequests,
  type UserDoc,
} from '../users/public.js';
import {
  countWaitlist,
  findWaitlistEntry,
  listWaitlist,
  markWaitlistGranted,
  setWaitlistProcessed,
  streamWaitlist,
  type WaitlistEntryDoc,
  type WaitlistFilter,
} from '../waitlist/public.js';

function toAdminItem(entry: WaitlistEntryDoc, account: boolean | undefined): WaitlistAdminItem {
  return {
    id: entry._id.toHexString(),
    name: entry.name,
    email: entry.email,
    contact: entry.contact,
    campaignInterest: entry.campaignInterest,
    position: entry.position,
    earlyAccess: entry.earlyAccess,
    processed: entry.processed,
    accessGranted: Boolean(entry.accessGranted) || account === true,
    hasAccount: account !== undefined,
    createdAt: entry.createdAt.toISOString(),
  };
}

export async function waitlistPage(
  platform: Platform,
  filter: WaitlistFilter,
  cursor = 0,
  limit = 50,
): Promise<WaitlistAdminList> {
  const [docs, total] = await Promise.all([
    listWaitlist(platform.db, filter, cursor, limit + 1),
    countWaitlist(platform.db, filter),
  ]);
  const page = docs.slice(0, limit);
  const accounts = await accountsByEmail(
    platform.db,
    page.map((e) => e.email),
  );
  return {
    items: page.map((e) => toAdminItem(e, accounts.get(e.email))),
    total,
    nextCursor: docs.length > limit ? page[page.length - 1].position : null,
  };
}

async function itemFor(platform: Platform, entry: WaitlistEntryDoc | null): Promise<WaitlistAdminItem> {
  if (!entry) throw notFound(AdminMessages.entryNotFound);
  const accounts = await accountsByEmail(platform.db, [entry.email]);
  return toAdminItem(entry, accounts.get(entry.email));
}

export async function markProcessed(platform: Platform, id: string, processed: boolean): Promise<WaitlistAdminItem> {
  return itemFor(platform, await setWaitlistProcessed(platform.db, new ObjectId(id), processed));
}

/**
 * Access for ACCESS_MODE=waitlist: an existing account gets it now; the entry keeps the grant so an
 * account made later with this e-mail starts with it (server/features/auth/accounts.ts).
 */
export async function grantAccess(
  platform: Platform,
  id: string,
): Promise<{ entry: WaitlistAdminItem; accountUpdated: boolean }> {
  const entry = await findWaitlistEntry(platform.db, new ObjectId(id));
  if (!entry) throw notFound(AdminMessages.entryNotFound);
  const marked = await markWaitlistGranted(platform.db, entry._id);
  const accountUpdated = await grantAccountAccess(platform.db, entry.email);
  return { entry: await itemFor(platform, marked), accountUpdated };
}

/** The whole waitlist as CSV lines, by position, read in batches. */
export async function* waitlistCsv(platform: Platform): AsyncGenerator<string> {
  yield csvRow([...WAITLIST_CSV_COLUMNS]);
  for await (const entry of streamWaitlist(platform.db)) {
    const row: Record<(typeof WAITLIST_CSV_COLUMNS)[number], CsvValue> = {
      ...entry,
      accessGranted: Boolean(entry.accessGranted),
    };
    yield csvRow(WAITLIST_CSV_COLUMNS.map((column) => row[column]));
  }
}

function toRequestItem(user: UserDoc): RoleRequestItem {
  const request = user.roleRequest!;
  return {
    userId: user._id.toHexString(),
    name: user.name,
    email: user.email,
    currentRole: user.role,
    requestedRole: request.role,
    status: request.status,
    requestedAt: request.at.toISOString(),
    ...(request.decidedAt ? { decidedAt: request.decidedAt.toISOString() } : {}),
  };
}

/** Tells the admins where a user's role request stands now (after it was made, withdrawn or decided). */
export async function announceRoleRequest(platform: Platform, userId: ObjectId): Promise<void> {
  const user = await findUserById(platform.db, userId);
  emitRoleRequestUpdated(platform, {
    userId: userId.toHexString(),
    item: user?.roleRequest ? toRequestItem(user) : null,
  });
}

export async function roleRequests(
  platform: Platform,
  status: 'pending' | 'approved' | 'rejected' | 'all' = 'pending',
): Promise<RoleRequestItem[]> {
  return (await listRoleRequests(platform.db, status)).map(toRequestItem);
}

/** Approve sets the requested role; either way the user is told live (notification + badge). */
export async function decideRole(
  platform: Platform,
  admin: UserDoc,
  userId: string,
  decision: 'approve' | 'reject',
): Promise<RoleRequestItem> {
  const approve = decision === 'approve';
  const decided = await decideRoleRequest(platform.db, new ObjectId(userId), approve, admin._id, platform.clock.now());
  if (!decided) {
    const user = await findUserById(platform.db, userId);
    if (!user?.roleRequest) throw notFound(AdminMessages.requestNotFound);
    throw conflict(AdminMessages.requestDecided);
  }
  const role = decided.roleRequest!.role;
  await notify(platform, decided._id, {
    type: 'role-request-decided',
    title: approve ? RoleDecisionNotice.approvedTitle : RoleDecisionNotice.rejectedTitle,
    body: approve ? RoleDecisionNotice.approved(role) : RoleDecisionNotice.rejected(role),
    link: '/dashboard',
    key: `role-request-${decided._id.toHexString()}-${decided.roleRequest!.at.getTime()}`,
  });
  // The user's open sockets sit in the old role's rooms: they reconnect into the new role's.
  if (approve) platform.live.endUserSockets(decided._id.toHexString());
  const item = toRequestItem(decided);
  emitRoleRequestUpdated(platform, { userId: item.userId, item });
  return item;
}
