import { useState } from 'react';
import { VoiceNoteMessages } from '../../../shared/schemas/voice-notes/list.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FilterBar } from '../../ui/FilterBar.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { SearchInput } from '../../ui/SearchInput.js';
import { Select } from '../../ui/Select.js';
import { useSession } from '../session/public.js';
import page from '../../ui/Page.module.css';
import { ConfirmDelete } from './ConfirmDelete.js';
import { Recorder } from './Recorder.js';
import { useCampaignOptions } from './useCampaignOptions.js';
import { useVoiceNotes, type VoiceNoteSort } from './voice-notes-api.js';
import { VoiceNoteRow } from './VoiceNoteRow.js';
import styles from './Resources.module.css';

const SORTS: { id: VoiceNoteSort; label: string }[] = [
  { id: 'date', label: 'Date' },
  { id: 'title', label: 'Title' },
  { id: 'duration', label: 'Duration' },
];
const ALL = 'all';

export default function VoiceNotesPage() {
  const campaigns = useCampaignOptions();
  const [q, setQ] = useState('');
  const [campaign, setCampaign] = useState(ALL);
  const [sort, setSort] = useState<VoiceNoteSort>('date');
  const [openId, setOpenId] = useState<string | null>(null);
  const { user } = useSession();
  const { notes, loading, failed, reload, deleting, askDelete, remove } = useVoiceNotes({
    sort,
    q,
    campaign: campaign === ALL ? undefined : campaign,
  });

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
          reload();
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
          onChange={(value) => setSort((value as VoiceNoteSort | null) ?? 'date')}
          className={styles.select}
        />
      </FilterBar>
      {failed ? (
        <LoadFailed title="Voice notes could not be loaded." onRetry={reload} />
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
              onDelete={note.mine || user?.role === 'admin' ? () => askDelete(note) : undefined}
            />
          ))}
        </ul>
      )}
      <ConfirmDelete
        title="Delete voice note?"
        item={deleting}
        message={(item) => `"${item.title}" will be deleted for the whole team.`}
        onCancel={() => askDelete(null)}
        onConfirm={(item) => void remove(item)}
      />
    </section>
  );
}
