import { ChevronDown, Pause, Play, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import {
  VoiceNoteMessages,
  type VoiceNoteItem,
  type VoiceNoteListQuery,
} from '../../../shared/schemas/voice-notes/list.js';
import { api } from '../../api/client.js';
import { SocketEvents } from '../../../shared/events.js';
import { pathWithQuery, useApiQuery } from '../../api/useApiQuery.js';
import { useLiveRefresh } from '../../live/useLiveRefresh.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterBar } from '../../ui/FilterBar.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { SearchInput } from '../../ui/SearchInput.js';
import { Select } from '../../ui/Select.js';
import { toast } from '../../ui/toast.js';
import { useSession } from '../session/public.js';
import { formatDate } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { ConfirmDelete } from './ConfirmDelete.js';
import { Recorder } from './Recorder.js';
import { campaignName, useCampaignOptions, type CampaignOption } from './useCampaignOptions.js';
import styles from './Resources.module.css';

type Sort = NonNullable<VoiceNoteListQuery['sort']>;
const SORTS: { id: Sort; label: string }[] = [
  { id: 'date', label: 'Date' },
  { id: 'title', label: 'Title' },
  { id: 'duration', label: 'Duration' },
];
const ALL = 'all';
const SEARCH_DEBOUNCE_MS = 200;

export default function VoiceNotesPage() {
  const campaigns = useCampaignOptions();
  const [q, setQ] = useState('');
  const [campaign, setCampaign] = useState(ALL);
  const [sort, setSort] = useState<Sort>('date');
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<VoiceNoteItem | null>(null);
  const { user } = useSession();
  const { data, loading, failed, retry, setData } = useApiQuery(
    pathWithQuery('/api/voice-notes', { sort, q: q.trim(), campaign: campaign === ALL ? undefined : campaign }),
    { debounceMs: q ? SEARCH_DEBOUNCE_MS : 0 },
  );
  const notes = data?.items ?? [];
  useLiveRefresh(SocketEvents.voiceNotesChanged, retry);

  async function remove(note: VoiceNoteItem) {
    try {
      await api(`/api/voice-notes/${note.id}`, { method: 'DELETE' });
      setData((list) => list && { ...list, items: list.items.filter((item) => item.id !== note.id) });
      toast({ title: 'Voice note deleted', description: note.title, variant: 'success' });
    } catch {
      // The API client showed why.
    }
    setDeleting(null);
  }

  return (
    <section className={page.page} aria-labelledby="voice-notes-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="voice-notes-title" className={page.title}>
            Voice Notes
          </h1>
          <p className={page.subtitle}>Record pitches and call notes, and listen to your team&apos;s.</p>
        </div>
      </div>
      <Recorder
        campaigns={campaigns}
        onSaved={(note) => {
          setOpenId(note.id);
          retry();
        }}
      />
      <FilterBar>
        <SearchInput
          label="Search voice notes"
          hideLabel
          placeholder="Search voice notes..."
          value={q}
          onChange={setQ}
          className={styles.search}
        />
        <Select
          label="Campaign"
          options={[{ id: ALL, label: 'All campaigns' }, ...campaigns]}
          value={campaign}
          onChange={(value) => setCampaign(value ?? ALL)}
          className={styles.select}
        />
        <Select
          label="Sort by"
          options={SORTS}
          value={sort}
          onChange={(value) => setSort((value as Sort | null) ?? 'date')}
          className={styles.select}
        />
      </FilterBar>
      {failed ? (
        <LoadFailed title="Voice notes could not be loaded." onRetry={retry} />
      ) : !loading && notes.length === 0 ? (
        <EmptyState title={VoiceNoteMessages.empty} />
      ) : (
        <ul className={[page.list].join(' ')} aria-label="Voice notes" aria-busy={loading}>
          {notes.map((note) => (
            <VoiceNoteRow
              key={note.id}
              note={note}
              campaigns={campaigns}
              open={openId === note.id}
              onToggle={() => setOpenId(openId === note.id ? null : note.id)}
              onDelete={note.mine || user?.role === 'admin' ? () => setDeleting(note) : undefined}
            />
          ))}
        </ul>
      )}
      <ConfirmDelete
        title="Delete voice note?"
        item={deleting}
        message={(item) => `"${item.title}" will be deleted for the whole team.`}
        onCancel={() => setDeleting(null)}
        onConfirm={(item) => void remove(item)}
      />
    </section>
  );
}

function VoiceNoteRow({
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
