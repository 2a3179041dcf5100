import type { Snapshot } from 'valtio';
import type { CallView } from '../../../shared/schemas/dialer/call.js';
import { callName, formatDuration, formatPhone } from '../../../shared/schemas/dialer/messages.js';
import { DIAL_RESULT_LABEL } from '../../../shared/schemas/dialer/dial-result.js';
import { RecordingConsentMessages } from '../../../shared/schemas/campaigns/recording-consent.js';
import { Badge, type BadgeTone } from '../../ui/Badge.js';
import { FitTable } from '../../ui/FitTable.js';
import page from '../../ui/Page.module.css';
import { formatDateTime } from '../../ui/format.js';
import { HeardInCall } from '../rebuttals/public.js';
import { CallQuality } from './CallQuality.js';
import { RecordingPlayer } from './RecordingPlayer.js';
import styles from './Calls.module.css';

const STATUS: Record<NonNullable<CallView['status']>, { label: string; tone: BadgeTone }> = {
  answered: { label: 'Answered', tone: 'green' },
  voicemail: { label: 'Voicemail', tone: 'blue' },
  missed: { label: 'Missed', tone: 'grey' },
};

const DIRECTION = { outbound: 'Outbound', inbound: 'Inbound' } as const;

function StatusBadge({ call }: { call: Snapshot<CallView> }) {
  if (!call.status) return <Badge tone="yellow">In progress</Badge>;
  return (
    <>
      <Badge tone={STATUS[call.status].tone}>{STATUS[call.status].label}</Badge>
      {call.dialResult ? (
        <span className={styles.sub}>
          {DIAL_RESULT_LABEL[call.dialResult]}
          {call.sipCause ? ` (SIP ${call.sipCause.code} ${call.sipCause.reason})` : ''}
        </span>
      ) : null}
    </>
  );
}

export function CallsTable({ calls }: { calls: readonly Snapshot<CallView>[] }) {
  return (
    <FitTable>
      <table className={page.table} aria-label="Call history">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Contact</th>
            <th scope="col">Campaign</th>
            <th scope="col">Direction</th>
            <th scope="col">Status</th>
            <th scope="col" className={page.num}>
              Duration
            </th>
            <th scope="col">Quality</th>
            <th scope="col">Agent</th>
            <th scope="col">Notes</th>
            <th scope="col">Recording</th>
          </tr>
        </thead>
        <tbody>
          {calls.map((call) => {
            const who = callName(call.name, call.phone) ?? formatPhone(call.phone);
            return (
              <tr key={call.id} data-call-id={call.id}>
                <td className={styles.nowrap}>{formatDateTime(call.startedAt)}</td>
                <td>
                  <span className={styles.name}>{who}</span>
                  {who !== formatPhone(call.phone) ? (
                    <span className={styles.sub}>{formatPhone(call.phone)}</span>
                  ) : null}
                </td>
                <td>{call.campaignName ?? <span className={page.muted}>-</span>}</td>
                <td>{DIRECTION[call.direction]}</td>
                <td>
                  <StatusBadge call={call} />
                </td>
                <td className={page.num}>{formatDuration(call.duration)}</td>
                <td>
                  <CallQuality call={call} />
                </td>
                <td>{call.agentName ?? <span className={page.muted}>-</span>}</td>
                <td className={styles.notes}>{call.notes || <span className={page.muted}>-</span>}</td>
                <td>
                  {/* Spec: recordings only for answered calls that have one; and a lead's voicemail (docs/telephony.md). */}
                  {(call.status === 'answered' || (call.direction === 'inbound' && call.status === 'voicemail')) &&
                  call.recordingUrl ? (
                    <RecordingPlayer
                      url={call.recordingUrl}
                      who={who}
                      details={(seek) => <HeardInCall callId={call.id} onSeek={seek} />}
                    />
                  ) : call.status === 'answered' && call.recordingOff ? (
                    <span className={page.muted}>{RecordingConsentMessages.notRecorded(call.recordingOff.state)}</span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </FitTable>
  );
}
