import type { CallView } from '../../../shared/schemas/dialer/call.js';
import { DialerRuleMessages } from '../../../shared/schemas/dialer/messages.js';
import { ErrorReasons, type ErrorReason } from '../../../shared/errors.js';
import type { Platform } from '../../platform/context.js';
import type { PhoneProvider } from '../../platform/telephony/phone-provider.js';
import { AppError, conflict } from '../../platform/errors.js';
import type { UserDoc } from '../users/public.js';
import { callOwnedBy } from './calls-service.js';
import { callTransition, type CallCommand } from './machine.js';
import { signedRecordingLink, toCallView } from './present.js';

/**
 * The agent's own connected call, asked of the provider: refused (409) where the provider has no such control or the
 * call is not connected; a provider failure is a 503 with `failed`'s text and reason. Answers the call as it is.
 */
async function controlCall(
  platform: Platform,
  agent: UserDoc,
  callId: string,
  command: CallCommand,
  control: ((phone: PhoneProvider) => Promise<void>) | undefined,
  failed: { text: string; reason: ErrorReason },
): Promise<CallView> {
  const call = await callOwnedBy(platform, agent, callId);
  if (!control) throw conflict(DialerRuleMessages.controlUnavailable);
  const result = callTransition(call, command, platform.phone.displayName, platform.clock);
  if (!result.ok) throw conflict(result.error);
  try {
    await control(platform.phone);
  } catch (error) {
    platform.log.error({ err: error, callId, control: command.type }, 'call control not applied');
    throw new AppError('UNAVAILABLE', failed.text).because(failed.reason);
  }
  return toCallView(call, undefined, signedRecordingLink(platform, agent._id.toHexString()));
}

/**
 * `POST /api/dialer/calls/:id/hold`: the provider puts the lead on hold (hold tone) or back; the change is pushed as
 * `call:state` once in effect, like mute. Answered 202 with the call as it is now.
 */
export function holdCall(platform: Platform, agent: UserDoc, callId: string, held: boolean): Promise<CallView> {
  const control = platform.phone.setHeld ? (phone: PhoneProvider) => phone.setHeld!(callId, held) : undefined;
  return controlCall(platform, agent, callId, { type: 'hold', held }, control, {
    text: DialerRuleMessages.holdFailed,
    reason: ErrorReasons.callHoldFailed,
  });
}

/** `POST /api/dialer/calls/:id/digits`: keypad keys to the lead (RFC 4733, or SIP INFO); answered once they are sent. */
export function sendCallDigits(platform: Platform, agent: UserDoc, callId: string, digits: string): Promise<CallView> {
  const control = platform.phone.sendDigits ? (phone: PhoneProvider) => phone.sendDigits!(callId, digits) : undefined;
  return controlCall(platform, agent, callId, { type: 'digits' }, control, {
    text: DialerRuleMessages.keysFailed,
    reason: ErrorReasons.callKeysFailed,
  });
}
