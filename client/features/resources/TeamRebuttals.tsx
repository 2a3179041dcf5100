import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { RebuttalLibraryMessages } from '../../../shared/schemas/rebuttals/library.js';
import { Button } from '../../ui/Button.js';
import { FilterBar } from '../../ui/FilterBar.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import { toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import { ConfirmDelete } from './ConfirmDelete.js';
import { RebuttalCard } from './RebuttalCard.js';
import { RebuttalEditor } from './RebuttalEditor.js';
import { deleteRebuttal, followRebuttalLibrary, loadRebuttalLibrary, useRebuttalLibrary } from './rebuttals-store.js';
import { campaignName, useCampaignOptions } from './useCampaignOptions.js';
import styles from './Resources.module.css';

/**
 * The team's library of rebuttals, live: the entries, the editor for owners and admins, and the delete confirmation.
 * The search and campaign filter are shown disabled until the AI rebuttals come.
 */
export function TeamRebuttals() {
  const campaigns = useCampaignOptions();
  const library = useRebuttalLibrary();
  /** The entry in the editor: an id, 'new', or none. */
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  useEffect(() => {
    const stop = followRebuttalLibrary();
    void loadRebuttalLibrary();
    return stop;
  }, []);

  return (
    <>
      <section className={page.card} aria-labelledby="samples-title">
        <div className={page.cardHead}>
          <div>
            <h2 id="samples-title" className={page.cardTitle}>
              Team Rebuttals
            </h2>
            <p className={[page.muted, page.small].join(' ')}>
              Written by campaign owners, voted up by agents. In a call, the dialer shows the most-voted answer to the
              objection it hears.
            </p>
          </div>
          {library.writableCampaigns.length > 0 ? (
            <Button onPress={() => setEditing('new')}>
              <Plus size={16} aria-hidden="true" /> New rebuttal
            </Button>
          ) : null}
        </div>
        <FilterBar style={{ marginBottom: '1rem' }}>
          <TextField label="Search rebuttals" placeholder="Coming soon" isDisabled className={styles.search} />
          <Select
            label="Campaign"
            options={[{ id: 'all', label: 'All campaigns' }]}
            value="all"
            onChange={() => undefined}
            isDisabled
            className={styles.select}
          />
        </FilterBar>
        {library.failed ? (
          <LoadFailed title="Rebuttals could not be loaded." onRetry={() => void loadRebuttalLibrary()} />
        ) : null}
        {!library.loading && !library.failed && library.items.length === 0 ? (
          <p className={page.muted}>No team rebuttals yet.</p>
        ) : null}
        <div className={page.stack}>
          {library.items.map((entry) => (
            <RebuttalCard
              key={entry.id}
              entry={entry}
              campaignLabel={campaignName(campaigns, entry.campaign)}
              onEdit={() => setEditing(entry.id)}
              onDelete={() => setDeleting(entry.id)}
            />
          ))}
        </div>
      </section>
      {editing ? (
        <RebuttalEditor
          entry={editing === 'new' ? null : (library.items.find((entry) => entry.id === editing) ?? null)}
          campaigns={campaigns}
          writableCampaigns={library.writableCampaigns}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDelete
        title="Delete rebuttal"
        item={library.items.find((entry) => entry.id === deleting) ?? null}
        message={(entry) => `Delete the rebuttal to “${entry.objection}” for everyone?`}
        onCancel={() => setDeleting(null)}
        onConfirm={(entry) => {
          setDeleting(null);
          void deleteRebuttal(entry.id)
            .then(() => toast({ title: RebuttalLibraryMessages.deleted, variant: 'success' }))
            .catch(() => undefined);
        }}
      />
    </>
  );
}
