import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { RebuttalInterestBody, RebuttalMessages, type RebuttalItem } from '../../../shared/schemas/rebuttals/list.js';
import { api } from '../../api/client.js';
import { useApiQuery } from '../../api/useApiQuery.js';
import { schemaError } from '../../api/validate.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { FilterBar } from '../../ui/FilterBar.js';
import { Select } from '../../ui/Select.js';
import { TextField } from '../../ui/TextField.js';
import { errorToast, toast } from '../../ui/toast.js';
import page from '../../ui/Page.module.css';
import { campaignName, useCampaignOptions, type CampaignOption } from './useCampaignOptions.js';
import styles from './Resources.module.css';

const NO_SAMPLES: RebuttalItem[] = [];
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function AiRebuttalsPage() {
  const campaigns = useCampaignOptions();
  const samples = useApiQuery('/api/rebuttals', { quiet: true }).data?.items ?? NO_SAMPLES;

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
          <h2 id="samples-title" className={page.cardTitle}>
            Sample Rebuttals
          </h2>
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
        <div className={page.stack}>
          {samples.map((sample) => (
            <SampleRebuttal key={sample.id} sample={sample} campaigns={campaigns} />
          ))}
        </div>
      </section>
      <RebuttalsWaitlist />
    </section>
  );
}

/** One sample objection and its rebuttal, with how well it works. */
function SampleRebuttal({ sample, campaigns }: { sample: RebuttalItem; campaigns: CampaignOption[] }) {
  return (
    <article className={[page.card, styles.rebuttal].join(' ')}>
      <div className={page.row}>
        <Badge tone="blue">{campaignName(campaigns, sample.campaign)}</Badge>
        <Badge>{sample.category}</Badge>
      </div>
      <h3>&ldquo;{sample.objection}&rdquo;</h3>
      <p>{sample.rebuttal}</p>
      <div>
        <p className={[page.muted, page.small].join(' ')} id={`effectiveness-${sample.id}`}>
          Effectiveness: {sample.effectiveness}%
        </p>
        <div
          className={styles.meter}
          role="meter"
          aria-labelledby={`effectiveness-${sample.id}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={sample.effectiveness}
        >
          <div className={styles.meterFill} style={{ width: `${sample.effectiveness}%` }} />
        </div>
      </div>
    </article>
  );
}

/** The e-mail to tell when AI Rebuttals opens; once joined, the server's answer. */
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
