import { ObjectId } from 'mongodb';
import { SupportMessages, type SupportAccepted, type SupportBody } from '../../../shared/schemas/support/create.js';
import type { Platform } from '../../platform/context.js';
import { badRequest } from '../../platform/errors.js';
import { enqueueEmail } from '../email/public.js';
import type { UserDoc } from '../users/public.js';
import { insertSupportRequest } from './repository.js';

/** Keeps the request, then e-mails it to the support team and a confirmation to the sender (both by the worker). */
export async function sendSupportRequest(
  platform: Platform,
  user: UserDoc,
  body: SupportBody,
): Promise<SupportAccepted> {
  const subject = body.subject.trim();
  const message = body.message.trim();
  if (!subject || !message) throw badRequest(SupportMessages.invalid);
  const request = {
    _id: new ObjectId(),
    userId: user._id,
    name: user.name,
    email: user.email,
    subject,
    message,
    createdAt: platform.clock.now(),
  };
  await insertSupportRequest(platform.db, request);
  const id = request._id.toHexString();
  const data = { name: user.name, email: user.email, subject, message };
  await enqueueEmail(platform, {
    key: `support-request-${id}`,
    to: platform.config.supportEmail,
    template: 'support-request',
    data,
  });
  await enqueueEmail(platform, {
    key: `support-confirmation-${id}`,
    to: user.email,
    template: 'support-confirmation',
    data,
  });
  return { title: SupportMessages.sentTitle, message: SupportMessages.sent };
}
