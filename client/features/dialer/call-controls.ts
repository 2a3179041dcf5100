import { proxy, useSnapshot } from 'valtio';
import { api } from '../../api/client.js';
import { adoptCall, dialerStore } from './store.js';

/** Hold and the keypad of the live call: what this tab has asked and not yet been answered, and the keys it sent. */
interface CallControlsState {
  holdPending: boolean;
  /** Keys pressed on this call, in order (shown under the keypad), and the call they belong to. */
  keys: string;
  keysCallId: string | null;
}

const callControls = proxy<CallControlsState>({ holdPending: false, keys: '', keysCallId: null });
export const useCallControls = () => useSnapshot(callControls);

/** Hold or resume: answered 202, the change itself lands as `call:state` (versioned, so never shown out of order). */
export async function toggleHold(): Promise<void> {
  const call = dialerStore.call;
  if (!call || call.state !== 'connected' || callControls.holdPending) return;
  callControls.holdPending = true;
  try {
    adoptCall(await api(`/api/dialer/calls/${call.id}/hold`, { body: { held: !call.held } }));
  } catch {
    // The server's toast ("Failed to change hold state", or why it is refused) has been shown.
  } finally {
    callControls.holdPending = false;
  }
}

/** Keys leave one at a time and in order, however fast they are pressed. */
let sending: Promise<unknown> = Promise.resolve();

export const KEYPAD_KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;

export function pressKey(key: string): void {
  const call = dialerStore.call;
  if (!call || call.state !== 'connected' || !KEYPAD_KEYS.includes(key as (typeof KEYPAD_KEYS)[number])) return;
  if (callControls.keysCallId !== call.id) Object.assign(callControls, { keys: '', keysCallId: call.id });
  callControls.keys += key;
  sending = sending.then(() =>
    api(`/api/dialer/calls/${call.id}/digits`, { body: { digits: key } }).catch(() => {
      // The server's toast has been shown; the key stays listed as pressed.
    }),
  );
}
