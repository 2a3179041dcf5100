import { Mic, MicOff, Phone, PhoneOff } from 'lucide-react';
import { Button } from '../../ui/Button.js';
import { endCall, startCall, toggleMute } from './actions.js';
import { CallControls } from './CallControls.js';
import { isLive, useDialer } from './store.js';
import styles from './Dialer.module.css';

/** Call, or during a call End call, Mute/Unmute and the line's own controls (hold, keypad) where the phone has them. */
export function CallButtons() {
  const dialer = useDialer();
  const call = dialer.call;
  return (
    <div className={styles.row}>
      {isLive(call) ? (
        <>
          <Button
            variant="danger"
            onPress={() => void endCall()}
            isPending={dialer.busy.end}
            isDisabled={call?.state === 'ending'}
          >
            <PhoneOff size={16} aria-hidden="true" /> End call
          </Button>
          <Button variant="secondary" onPress={() => void toggleMute()} isPending={dialer.busy.mute}>
            {call?.muted ? <MicOff size={16} aria-hidden="true" /> : <Mic size={16} aria-hidden="true" />}
            {call?.muted ? 'Unmute' : 'Mute'}
          </Button>
          {call ? (
            <CallControls call={call} hold={Boolean(dialer.phone?.hold)} keypad={Boolean(dialer.phone?.keypad)} />
          ) : null}
        </>
      ) : (
        <Button onPress={() => void startCall()} isPending={dialer.busy.call}>
          <Phone size={16} aria-hidden="true" /> Call
        </Button>
      )}
    </div>
  );
}
