import type { CallView } from '../../../shared/schemas/dialer/call.js';
import { DialerRuleMessages } from '../../../shared/schemas/dialer/messages.js';
import { ErrorReasons } from '../../../shared/errors.js';
import type { Platform } from '../../platform/context.js';
import { AppError, conflict } from '../../platform/errors.js';
import type { UserDoc } from '../users/public.js';
import { callOwnedBy } from './calls-service.js';
import { callTransition } from './machine.js';
import { signedRecordingLink, toCallView } from './present.js';

/**
 * `POST /api/dialer/calls/:id/hold`: the provider puts the lead on hold (hold tone) or back; the change is pushed as
 * `call:state` once in effect, like mute. Answered 202 with the call as it is now.
 */
export async function holdCall(platform: Platform, agent: UserDoc, callId: string, held: boolean): Promise<CallView> {
  const call = await callOwnedBy(platform, agent, callId);
  const setHeld = platform.phone.setHeld?.bind(platform.phone);
  if (!setHeld) throw conflict(DialerRuleMessages.controlUnavailable);
  const result = callTransition(call, { type: 'hold', held }, platform.phone.displayName, platform.clock);
  if (!result.ok) throw conflict(result.error);
  try {
    await setHeld(callId, held);
  } catch (error) {
    platform.log.error({ err: error, callId }, 'hold step not applied');
    throw new AppError('UNAVAILABLE', DialerRuleMessages.holdFailed).because(ErrorReasons.callHoldFailed);
  }
  return toCallView(call, undefined, signedRecordingLink(platform, agent._id.toHexString()));
}

/** `POST /api/dialer/calls/:id/digits`: keypad keys to the lead (RFC 4733, or SIP INFO); answered once they are sent. */
export async function sendCallDigits(
  platform: Platform,
  agent: UserDoc,
  callId: string,
  digits: string,
): Promise<CallView> {
  const call = await callOwnedBy(platform, agent, callId);
  const sendDigits = platform.phone.sendDigits?.bind(platform.phone);
  if (!sendDigits) throw conflict(DialerRuleMessages.controlUnavailable);
  const result = callTransition(call, { type: 'digits' }, platform.phone.displayName, platform.clock);
  if (!result.ok) throw conflict(result.error);
  try {
    await sendDigits(callId, digits);
  } catch (error) {
    platform.log.error({ err: error, callId }, 'keypad keys not sent');
    throw new AppError('UNAVAILABLE', DialerRuleMessages.keysFailed).because(ErrorReasons.callKeysFailed);
  }
  return toCallView(call, undefined, signedRecordingLink(platform, agent._id.toHexString()));
}
