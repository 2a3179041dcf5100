import { dialerStore } from './store.js';

/** What the agent reads when the browser refuses the microphone, and how to undo it. */
export const MICROPHONE_BLOCKED = 'Microphone blocked';
export const MICROPHONE_HOW_TO_ALLOW =
  'Allow the microphone for this site: click the icon left of the address bar, set Microphone to Allow, then press Call again.';

let watching = false;

/**
 * Follows the browser's microphone permission for this site (Permissions API), so the badge changes as soon as the
 * agent allows it in the address bar, without a reload. Browsers without a queryable `microphone` permission are
 * judged at the next getUserMedia instead.
 */
export async function watchMicrophonePermission(): Promise<void> {
  if (watching || !navigator.permissions?.query) return;
  watching = true;
  try {
    const status = await navigator.permissions.query({ name: 'microphone' as PermissionName });
    const apply = () => (dialerStore.microphoneBlocked = status.state === 'denied');
    apply();
    status.addEventListener('change', apply);
  } catch {
    watching = false;
  }
}

/**
 * Checked before a call is placed over WebRTC, so nothing is dialed for a call the agent could not speak on: false
 * (and the badge says so) when the permission is denied. A prompt is left to getUserMedia, which asks.
 */
export async function microphoneAllowed(): Promise<boolean> {
  try {
    const status = await navigator.permissions?.query({ name: 'microphone' as PermissionName });
    dialerStore.microphoneBlocked = status?.state === 'denied';
  } catch {
    // No Permissions API for the microphone here: getUserMedia decides.
  }
  return !dialerStore.microphoneBlocked;
}

/** getUserMedia refused (NotAllowedError: the agent or a policy denied it): the badge says so. */
export function isMicrophoneRefusal(error: unknown): boolean {
  const refused = error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
  if (refused) dialerStore.microphoneBlocked = true;
  return refused;
}
