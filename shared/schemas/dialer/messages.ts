import { DEFAULT_CALLING_HOURS, hoursText, type CallingHours } from '../campaigns/calling-hours.js';
import { displayPhone } from '../../phone-display.js';

/**
 * Spec 2 section 8 (Dialer) word for word, with the phone provider's display name where the spec says
 * "Zoom Phone", plus the server-side rules the spec leaves open (caps, do-not-call, calling hours, lead claim).
 */
export function dialerMessages(provider: string) {
  return {
    initFailed: `Failed to connect to ${provider} services`,
    notConnected: `${provider} not connected`,
    clientNotInitialized: `${provider} client not initialized`,
    clientNotConnected: `${provider} client not connected`,
    connected: `Connected to ${provider}`,
    callInProgress: 'Call already in progress',
    blankNumber: 'Please enter a phone number',
    callFailed: 'Call failed to connect',
    endFailed: 'Failed to end call properly',
    muteFailed: 'Failed to change mute state',
    noActiveCallToEnd: 'No active call to end',
    noActiveCallToMute: 'No active call to mute/unmute',
    calling: (number: string) => `Calling ${formatPhone(number)}...`,
    callConnected: (number: string) => `Call connected to ${formatPhone(number)}`,
    callEnded: 'Call ended',
    callCompleted: (number: string) => `Call completed to ${formatPhone(number)}`,
    callCompletedDescription: (seconds: number) => `Duration: ${formatDuration(seconds)}`,
    autoDialOn: 'Auto-dialer enabled - will dial contacts in queue automatically',
    autoDialOff: 'Auto-dialer disabled',
    addedToQueue: (name: string) => `Added ${name} to call queue`,
    duplicateInQueue: (name: string) => `${name} is already in the call queue`,
  } as const;
}

/** Rules the spec does not show; the texts say what happened and what the agent can do. */
export const DialerRuleMessages = {
  /** The server ended a live call because the phone gateway (Janus) went away. */
  callGatewayFailure:
    'The call was cut off: the phone gateway stopped working. The recording up to that moment is kept.',
  /** The phone badge while the server cannot reach the phone gateway (Janus) and is making its sessions again. */
  gatewayUnreachable: 'Gateway unreachable',
  /** The server hung up because the agent's browser was gone (closed, crashed, offline) for more than 10 s. */
  callAgentLost: 'The call was ended because this browser was disconnected for more than 10 seconds.',
  dailyCap: (limit: number) => `You have reached today's limit of ${limit} calls. Calling resumes tomorrow.`,
  doNotCall: (number: string) => `${formatPhone(number)} is on the do-not-call list and cannot be dialed.`,
  outsideHours: (localTime: string, timeZone: string, hours: CallingHours = DEFAULT_CALLING_HOURS) =>
    `Outside calling hours: it is ${localTime} for this lead (${timeZone}); calls are allowed ${hoursText(hours.start)}-${hoursText(hours.end)} in the lead's time zone.`,
  stateCallLimit: (number: string, max: number, state: string) =>
    `${formatPhone(number)} has already been called ${max} times in the last 24 hours, the most ${state} allows. Try again later.`,
  leadClaimed: 'Another agent is already calling this lead.',
  leadNotYours: 'You can only call leads assigned to you.',
  callNotFound: 'Call not found.',
  notYourCall: 'You can only control your own calls.',
  queueFull: (max: number) => `The call queue holds at most ${max} contacts.`,
  queueChanged:
    'The call queue changed in the meantime (auto-dial or another tab). Reload it and make your change again.',
  pausedNoSocket: 'Auto-dialer paused: no dialer tab is open.',
  pausedDailyCap: 'Auto-dialer paused: daily call limit reached.',
  pausedNoMedia: 'Auto-dialer paused: the dialer tab did not get its microphone ready for the next call.',
  dncAdded: (number: string) => `${formatPhone(number)} added to the do-not-call list`,
  dncForbidden: 'Only admins and the campaign owner can change this do-not-call list.',
  recordingNotFound: 'No recording for this call.',
  noConnectedCallToHold: 'Only a connected call can be put on hold or resumed.',
  holdFailed: 'Failed to change hold state',
  noConnectedCallForKeys: 'Keypad keys can only be sent on a connected call.',
  keysFailed: 'Failed to send the keypad keys',
  /** The provider has no hold or keypad (the SIP-plugin path). */
  controlUnavailable: 'Hold and the keypad are not available with this phone connection.',
} as const;

/** Digits only; a leading US country code on an 11-digit number is dropped so 1-555... and 555... match. */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** Numbers as shown everywhere: (xxx) xxx-xxxx for 10 digits (spec), other countries grouped internationally. */
export function formatPhone(number: string): string {
  return displayPhone(number);
}

/** A call's name when it says more than its number (a dialed number's call is named by the number, in any format). */
export function callName(name: string | undefined, phone: string): string | undefined {
  if (!name) return undefined;
  const digits = normalizePhone(name);
  return digits && digits === normalizePhone(phone) && !/[a-z]/i.test(name) ? undefined : name;
}

/** Seconds as m:ss. */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
