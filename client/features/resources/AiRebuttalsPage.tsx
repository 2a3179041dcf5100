import { Pencil, Plus, Sparkles, ThumbsUp, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { RebuttalLibraryMessages } from '../../../shared/schemas/rebuttals/library.js';
import { RebuttalInterestBody, RebuttalMessages } from '../../../shared/schemas/rebuttals/list.js';
import { api } from '../../api/client.js';
import { schemaError } from '../../api/validate.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { FilterBar } from '../../ui/FilterBar.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import { ConfirmDelete } from './ConfirmDelete.js';
import { RebuttalEditor } from './RebuttalEditor.js';
import {
  deleteRebuttal,
  followRebuttalLibrary,
  loadRebuttalLibrary,
  toggleRebuttalVote,
  useRebuttalLibrary,
} from './rebuttals-store.js';
import { campaignName, useCampaignOptions } from './useCampaignOptions.js';
import styles from './Resources.module.css';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function AiRebuttalsPage() {
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
    <section className={page.page} aria-labelledby="rebuttals-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="rebuttals-title" className={page.title}>
            AI Rebuttals
          </h1>
          <p className={page.subtitle}>Instant, proven answers to the objections you hear on every call.</p>
        </div>
      </div>
      <div className={styles.banner}>
        <Sparkles size={32} aria-hidden="true" />
        <div>
          <h2>Coming Soon</h2>
          <p>AI-generated rebuttals tailored to your campaign, your lead and the objection you just heard.</p>
        </div>
      </div>
      <section className={page.card} aria-labelledby="expect-title">
        <h2 id="expect-title" className={page.cardTitle}>
          What to Expect
        </h2>
        <ul className={styles.expect}>
          <li>Rebuttals generated for the exact objection, campaign and lead type.</li>
          <li>Effectiveness scores learned from real call outcomes.</li>
          <li>Search and filters by campaign and objection category.</li>
          <li>Early-access members get 100 free AI-generated rebuttals.</li>
        </ul>
      </section>
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
            <article key={entry.id} className={[page.card, styles.rebuttal].join(' ')} aria-label={entry.objection}>
              <div className={page.row}>
                <Badge tone="blue">{campaignName(campaigns, entry.campaign)}</Badge>
                <Badge>{entry.category}</Badge>
              </div>
              <h3>&ldquo;{entry.objection}&rdquo;</h3>
              {entry.phrases.length > 0 ? (
                <p className={[page.muted, page.small].join(' ')}>Also heard as: {entry.phrases.join(', ')}</p>
              ) : null}
              <p>{entry.rebuttal}</p>
              <div className={styles.itemActions}>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-pressed={entry.voted}
                  onPress={() => void toggleRebuttalVote(entry.id).catch(() => undefined)}
                >
                  <ThumbsUp size={16} aria-hidden="true" fill={entry.voted ? 'currentColor' : 'none'} />
                  {/* The name reads "Vote up (3 votes)"; the pressed state says whether the vote is mine. */}
                  <span className="visually-hidden">Vote up (</span>
                  <span>{entry.votes}</span>
                  <span className="visually-hidden"> {entry.votes === 1 ? 'vote' : 'votes'})</span>
                </Button>
                {entry.editable ? (
                  <>
                    <Button variant="ghost" size="sm" aria-label="Edit rebuttal" onPress={() => setEditing(entry.id)}>
                      <Pencil size={16} aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label="Delete rebuttal"
                      onPress={() => setDeleting(entry.id)}
                    >
                      <Trash2 size={16} aria-hidden="true" />
                    </Button>
                  </>
                ) : null}
              </div>
            </article>
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
      <RebuttalsWaitlist />
    </section>
  );
}

/** The spec's waitlist for the AI rebuttals to come: an e-mail, checked here and by the server. */
function RebuttalsWaitlist() {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [joined, setJoined] = useState<string | null>(null);

  async function join() {
    const body = { email: email.trim() };
    const problem =
      schemaError(RebuttalInterestBody, body) ??
      (EMAIL_PATTERN.test(body.email) ? undefined : RebuttalMessages.emailInvalid);
    if (problem) {
      errorToast('Error', problem);
      return;
    }
    setSending(true);
    try {
      const answer = await api('/api/rebuttals/interest', { body });
      toast({ title: answer.message, variant: 'success' });
      setJoined(answer.message);
    } catch {
      // The API client showed the server's reason.
    } finally {
      setSending(false);
    }
  }

  return (
    <section className={page.card} aria-labelledby="rebuttals-waitlist-title">
      <h2 id="rebuttals-waitlist-title" className={page.cardTitle}>
        Join the Waitlist
      </h2>
      <p className={page.muted}>
        Be the first to try AI Rebuttals. Early-access members get 100 free AI-generated rebuttals.
      </p>
      {joined ? (
        <p role="status">{joined}</p>
      ) : (
        <form
          className={styles.waitlist}
          onSubmit={(event) => {
            event.preventDefault();
            void join();
          }}
        >
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={setEmail}
          />
          <Button type="submit" isDisabled={sending}>
            Join Waitlist
          </Button>
        </form>
      )}
    </section>
  );
}
