import { dialerMessages } from '../../../shared/schemas/dialer/messages.js';
import type { Platform } from '../../platform/context.js';
import type { PhoneView } from '../../../shared/schemas/dialer/state.js';

/** The phone as tabs see it: a provider carrying the agent's audio over WebRTC says so, so the tab offers its microphone. */
export function phoneView(platform: Platform, status: PhoneView['status']): PhoneView {
  const media = platform.phone.media;
  return {
    status,
    provider: platform.phone.displayName,
    ...(media ? { media: 'webrtc' as const } : {}),
    ...(media?.reattaches ? { reattach: true as const } : {}),
    ...(platform.phone.gatewayReachable === false ? { gateway: 'unreachable' as const } : {}),
    ...(platform.phone.setHeld ? { hold: true as const } : {}),
    ...(platform.phone.sendDigits ? { keypad: true as const } : {}),
  };
}

/** The spec's dialer texts with this app's provider name. */
export const messagesFor = (platform: Platform) => dialerMessages(platform.phone.displayName);
