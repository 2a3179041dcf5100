import { useApiQuery } from '../../api/useApiQuery.js';
import { formatDateTime } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { RecordingPlayer } from '../calls/public.js';
import styles from '../../ui/Leads.module.css';

/** The messages the lead left when they called back and nobody could answer (docs/telephony.md, "Lead calls back"). */
export function LeadVoicemails({ leadId, name }: { leadId: string; name: string }) {
  const { data } = useApiQuery(`/api/calls?leadId=${leadId}&direction=inbound&status=voicemail&limit=5`, {
    quiet: true,
  });
  const voicemails = (data?.items ?? []).filter((call) => call.recordingUrl);
  if (voicemails.length === 0) return null;
  return (
    <section className={styles.section}>
      <h3>Voicemails</h3>
      <ol className={styles.history} aria-label={`Voicemails from ${name}`}>
        {voicemails.map((call) => (
          <li key={call.id}>
            <RecordingPlayer url={call.recordingUrl!} who={`Voicemail from ${name}`} />
            <div className={[styles.sub, page.small].join(' ')}>
              {formatDateTime(call.startedAt)} · {call.duration} s
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
