import { MicOff, Phone } from 'lucide-react';
import { useEffect, useId } from 'react';
import { Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { MICROPHONE_HOW_TO_ALLOW } from './microphone.js';
import { typeNotes } from './actions.js';
import { CallButtons } from './CallButtons.js';
import { useCallCompletion, type CallResult } from './call-completion.js';
import { CallQueue } from './CallQueue.js';
import { PhoneDevices } from './PhoneDevices.js';
import { followDialer } from './live.js';
import { isLive, useDialer } from './store.js';
import { IncomingTransfer } from './IncomingTransfer.js';
import { TransferControls } from './TransferControls.js';
import { IncomingCall } from './IncomingCall.js';
import { LastCall } from './LastCall.js';
import { LiveCallDetails } from './LiveCallDetails.js';
import { NumberField } from './NumberField.js';
import { PhoneStatus } from './PhoneStatus.js';
import styles from './Dialer.module.css';

/**
 * The softphone: the phone session, one call, its timer, mute and notes, and the agent's call queue.
 * The call lives on the server; this panel draws what `call:state` says, in every tab alike.
 */
export interface DialerPanelProps {
  /** The call queue and auto-dial below the phone (default shown). */
  showQueue?: boolean;
  onCallComplete?: (result: CallResult) => void;
  className?: string;
}

export function DialerPanel({ showQueue = true, onCallComplete, className }: DialerPanelProps) {
  const dialer = useDialer();
  useCallCompletion(onCallComplete);
  const titleId = useId();
  useEffect(() => followDialer(), []);

  const call = dialer.call;
  const live = isLive(call);
  const lastCall = !live && call?.status ? call : null;

  return (
    <section className={[styles.panel, className ?? ''].join(' ')} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          <Phone size={18} aria-hidden="true" /> Dialer
        </h2>
        <PhoneStatus />
      </div>

      {dialer.microphoneBlocked && dialer.phone?.media === 'webrtc' ? (
        <p className={styles.quality} role="alert">
          <MicOff size={14} aria-hidden="true" /> {MICROPHONE_HOW_TO_ALLOW}
        </p>
      ) : null}

      <NumberField />
      {live && call ? <LiveCallDetails call={call} /> : null}
      <CallButtons />

      {live && call ? <TransferControls call={call} /> : null}
      <IncomingTransfer />
      <IncomingCall />
      {dialer.phone?.media === 'webrtc' ? <PhoneDevices /> : null}

      {live ? (
        <AriaTextField className={styles.field} value={dialer.notesDraft} onChange={typeNotes} maxLength={5000}>
          <Label className={styles.label}>Call notes</Label>
          <TextArea className={styles.textarea} placeholder="Notes about this call" />
        </AriaTextField>
      ) : null}

      {lastCall ? <LastCall call={lastCall} /> : null}

      {dialer.callsPerDay ? (
        <p className={styles.small}>
          Calls today: {dialer.callsToday} of {dialer.callsPerDay}
        </p>
      ) : null}

      {showQueue ? <CallQueue /> : null}
    </section>
  );
}
