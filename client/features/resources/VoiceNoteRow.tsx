import { ChevronDown, Pause, Play, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import type { VoiceNoteItem } from '../../../shared/schemas/voice-notes/list.js';
import { Button } from '../../ui/Button.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { campaignName, type CampaignOption } from './useCampaignOptions.js';
import styles from './Resources.module.css';

/** One voice note: its title and facts, and when opened its player, its transcription and (if allowed) delete. */
export function VoiceNoteRow({
  note,
  campaigns,
  open,
  onToggle,
  onDelete,
}: {
  note: VoiceNoteItem;
  campaigns: CampaignOption[];
  open: boolean;
  onToggle: () => void;
  onDelete?: () => void;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const panelId = `voice-note-${note.id}`;

  async function togglePlay() {
    const element = audio.current;
    if (!element) return;
    if (element.paused) {
      try {
        await element.play();
      } catch {
        setPlaying(false);
      }
    } else element.pause();
  }

  return (
    <li className={styles.note}>
      <div className={styles.noteHead}>
        <Button variant="ghost" aria-expanded={open} aria-controls={open ? panelId : undefined} onPress={onToggle}>
          <ChevronDown size={16} aria-hidden="true" style={{ transform: open ? 'rotate(180deg)' : undefined }} />
          <strong>{note.title}</strong>
        </Button>
        <span className={[page.muted, page.small].join(' ')}>
          {note.durationLabel} · {campaignName(campaigns, note.campaign)} · {note.createdBy.name} ·{' '}
          {formatDate(note.date)}
        </span>
      </div>
      {open ? (
        <div id={panelId} className={page.stack}>
          <div className={page.row}>
            <Button
              variant="secondary"
              size="sm"
              onPress={() => void togglePlay()}
              aria-label={playing ? `Pause ${note.title}` : `Play ${note.title}`}
            >
              {playing ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />}{' '}
              {playing ? 'Pause' : 'Play'}
            </Button>
            <audio
              ref={audio}
              src={note.audioUrl}
              preload="metadata"
              onPlay={() => setPlaying(true)}
              onPause={() => setPlaying(false)}
              onEnded={(event) => {
                // Playback resets when the audio ends (spec).
                event.currentTarget.currentTime = 0;
                setPlaying(false);
              }}
            />
            {onDelete ? (
              <Button variant="ghost" size="sm" onPress={onDelete} aria-label={`Delete ${note.title}`}>
                <Trash2 size={16} aria-hidden="true" />
              </Button>
            ) : null}
          </div>
          {note.transcription ? (
            <p className={styles.transcription}>{note.transcription}</p>
          ) : (
            <p className={[page.muted, page.small].join(' ')}>No transcription for this note.</p>
          )}
        </div>
      ) : null}
    </li>
  );
}
