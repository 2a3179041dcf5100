import { Ban, CircleDot, Copy, Mic, MicOff, Phone, PhoneOff, RefreshCw, Tag, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Input, Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { callName, DialerRuleMessages, formatDuration, formatPhone } from '../../../shared/schemas/dialer/messages.js';
import { DIAL_RESULT_LABEL, SUGGESTED_DISPOSITION } from '../../../shared/schemas/dialer/dial-result.js';
import { Badge, type BadgeTone } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { MICROPHONE_BLOCKED, MICROPHONE_HOW_TO_ALLOW } from './microphone.js';
import {
  applySuggestedStatus,
  connectPhone,
  copyNumber,
  endCall,
  markDoNotCall,
  startCall,
  toggleMute,
  typeNotes,
} from './actions.js';
import { CallControls } from './CallControls.js';
import { LiveRebuttals } from '../rebuttals/public.js';
import { CallQueue } from './CallQueue.js';
import { PhoneDevices } from './PhoneDevices.js';
import { followDialer } from './live.js';
import { CoachingIndicator } from '../coaching/public.js';
import { dialerStore, isLive, setNumber, useDialer } from './store.js';
import { useCallSeconds } from './timer.js';
import { IncomingTransfer, TransferControls } from './TransferPanel.js';
import { IncomingCall } from './IncomingCall.js';
import styles from './Dialer.module.css';
import { LeadKeys } from './LeadKeys.js';

const CALL_BADGE: Record<string, { label: string; tone: BadgeTone }> = {
  calling: { label: 'Calling...', tone: 'yellow' },
  ringing: { label: 'Ringing...', tone: 'yellow' },
  connected: { label: 'In call', tone: 'green' },
  ending: { label: 'Ending...', tone: 'yellow' },
};

/** What the agent reads when a sample of the live call crosses a threshold (MOS alone adds no detail). */
const QUALITY_ISSUE: Record<string, string> = { latency: 'high delay', jitter: 'jitter', loss: 'packet loss' };

function qualityWarning(issues: readonly string[]): string {
  const details = issues.map((issue) => QUALITY_ISSUE[issue]).filter(Boolean);
  return details.length ? `Poor call quality: ${details.join(', ')}` : 'Poor call quality';
}

const STATUS_LABEL = { answered: 'Answered', voicemail: 'Voicemail', missed: 'Missed' } as const;

/** Spec: the completion callback of a call (the Call result entity), plus the lead it was about. */
export interface CallResult {
  callId: string;
  leadId?: string;
  phoneNumber: string;
  duration: number;
  status: 'completed';
  notes?: string;
}

/** Fires `onCallComplete` once per call, when the server says it ended (the call may end in any tab). */
function useCallCompletion(onCallComplete: ((result: CallResult) => void) | undefined): void {
  const reported = useRef(new Set<string>());
  const callback = useRef(onCallComplete);
  callback.current = onCallComplete;
  const { call } = useDialer();
  const ended = call && !isLive(call) && call.status ? call : null;
  useEffect(() => {
    if (!ended || reported.current.has(ended.id)) return;
    reported.current.add(ended.id);
    // A call that had already ended when this panel mounted is not reported.
    if (
      !callback.current ||
      !ended.endedAt ||
      Date.parse(ended.endedAt) + 60_000 < Date.now() + dialerStore.serverOffsetMs
    )
      return;
    callback.current({
      callId: ended.id,
      ...(ended.leadId ? { leadId: ended.leadId } : {}),
      phoneNumber: ended.phone,
      duration: ended.duration,
      status: 'completed',
      ...(ended.notes ? { notes: ended.notes } : {}),
    });
  }, [ended]);
}

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
  const seconds = useCallSeconds(call, dialer.serverOffsetMs);
  const provider = dialer.phone?.provider ?? 'Zoom Phone';
  const phoneStatus = dialer.phone?.status;
  const connected = phoneStatus === 'connected';
  const lastCall = !live && call?.status ? call : null;
  const suggestion = lastCall?.dialResult ? SUGGESTED_DISPOSITION[lastCall.dialResult] : undefined;
  const badgeKey = call?.state === 'calling' && call.ringing ? 'ringing' : (call?.state ?? '');

  return (
    <section className={[styles.panel, className ?? ''].join(' ')} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          <Phone size={18} aria-hidden="true" /> Dialer
        </h2>
        <div className={styles.row} role="status" aria-label={`${provider} status`}>
          {phoneStatus === 'failed' ? (
            <>
              <Badge tone="grey">Not connected</Badge>
              <Button size="sm" variant="secondary" onPress={() => void connectPhone()} isPending={dialer.busy.connect}>
                <RefreshCw size={14} aria-hidden="true" /> Reconnect
              </Button>
            </>
          ) : connected && dialer.phone?.gateway === 'unreachable' ? (
            <Badge tone="yellow">{DialerRuleMessages.gatewayUnreachable}</Badge>
          ) : connected && dialer.microphoneBlocked && dialer.phone?.media === 'webrtc' ? (
            <Badge tone="yellow">{MICROPHONE_BLOCKED}</Badge>
          ) : connected ? (
            <Badge tone="green">Connected</Badge>
          ) : dialer.status === 'failed' ? (
            <Badge tone="grey">Unavailable</Badge>
          ) : (
            <Badge tone="yellow">Connecting...</Badge>
          )}
        </div>
      </div>

      {dialer.microphoneBlocked && dialer.phone?.media === 'webrtc' ? (
        <p className={styles.quality} role="alert">
          <MicOff size={14} aria-hidden="true" /> {MICROPHONE_HOW_TO_ALLOW}
        </p>
      ) : null}

      <AriaTextField
        className={styles.field}
        value={live && call ? formatPhone(call.phone) : formatPhone(dialer.number)}
        onChange={setNumber}
        isDisabled={live}
        type="tel"
        autoComplete="off"
      >
        <Label className={styles.label}>Phone number</Label>
        <Input
          className={styles.input}
          placeholder="(555) 123-4567"
          inputMode="tel"
          onKeyDown={(event) => event.key === 'Enter' && void startCall()}
        />
      </AriaTextField>
      <Button
        size="sm"
        variant="ghost"
        className={styles.copy}
        onPress={() => void copyNumber(live && call ? call.phone : dialer.number)}
        isDisabled={!(live && call ? call.phone : dialer.number).trim()}
      >
        <Copy size={14} aria-hidden="true" /> Copy number
      </Button>
      {live && call ? (
        <p className={styles.contact}>{callName(call.name, call.phone) ?? formatPhone(call.phone)}</p>
      ) : dialer.contactName ? (
        <p className={styles.contact}>{dialer.contactName}</p>
      ) : null}

      {live && call ? (
        <div className={styles.callLine}>
          <Badge tone={CALL_BADGE[badgeKey]?.tone ?? 'grey'}>{CALL_BADGE[badgeKey]?.label ?? call.state}</Badge>
          {call.muted ? <Badge tone="grey">Muted</Badge> : null}
          {call.held ? <Badge tone="yellow">On hold</Badge> : null}
          <span className={styles.timer} role="timer" aria-label="Call time">
            {formatDuration(seconds)}
          </span>
        </div>
      ) : null}
      {live && call ? <CoachingIndicator callId={call.id} /> : null}
      {live && call?.recording ? (
        <p className={styles.recorded} role="status">
          <CircleDot size={14} aria-hidden="true" /> This call is recorded
        </p>
      ) : null}
      {live && call ? <LeadKeys keys={call.leadKeys} /> : null}
      {live && call && dialer.quality?.callId === call.id && dialer.quality.issues.length > 0 ? (
        <p className={styles.quality} role="alert">
          <TriangleAlert size={14} aria-hidden="true" /> {qualityWarning(dialer.quality.issues)}
        </p>
      ) : null}

      {live && call ? (
        <LiveRebuttals
          callId={call.id}
          markedDoNotCall={dialer.markedDoNotCall.includes(call.id)}
          onMarkDoNotCall={() => void markDoNotCall(call.id)}
        />
      ) : null}

      <div className={styles.row}>
        {live ? (
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

      {lastCall ? (
        <div className={styles.lastCall}>
          <p className={styles.small}>
            Last call: {callName(lastCall.name, lastCall.phone) ? `${lastCall.name}, ` : ''}
            {formatPhone(lastCall.phone)} ·{' '}
            {lastCall.dialResult ? DIAL_RESULT_LABEL[lastCall.dialResult] : STATUS_LABEL[lastCall.status!]} ·{' '}
            {formatDuration(lastCall.duration)}
          </p>
          <Button
            size="sm"
            variant="ghost"
            onPress={() => void markDoNotCall(lastCall.id)}
            isDisabled={dialer.markedDoNotCall.includes(lastCall.id)}
          >
            <Ban size={14} aria-hidden="true" />
            {dialer.markedDoNotCall.includes(lastCall.id) ? 'Marked do not call' : 'Mark do not call'}
          </Button>
          {lastCall.leadId && suggestion ? (
            <Button
              size="sm"
              variant="ghost"
              onPress={() => void applySuggestedStatus(lastCall.id, lastCall.leadId!, suggestion)}
              isDisabled={dialer.suggestionsApplied.includes(lastCall.id)}
            >
              <Tag size={14} aria-hidden="true" />
              {dialer.suggestionsApplied.includes(lastCall.id)
                ? `Lead set to ${suggestion}`
                : `Set lead to ${suggestion}`}
            </Button>
          ) : null}
        </div>
      ) : null}

      {dialer.callsPerDay ? (
        <p className={styles.small}>
          Calls today: {dialer.callsToday} of {dialer.callsPerDay}
        </p>
      ) : null}

      {showQueue ? <CallQueue /> : null}
    </section>
  );
}
