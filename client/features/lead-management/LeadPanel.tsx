import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import type { LeadItem } from '../../../shared/schemas/leads/lead.js';
import { Badge } from '../../ui/Badge.js';
import fieldStyles from '../../ui/Field.module.css';
import { formatDate, formatDateTime } from '../../ui/format.js';
import page from '../../ui/Page.module.css';
import { detailLabel, detailValue, formatPhone, STAGE_TONES } from '../leads/public.js';
import styles from '../../ui/Leads.module.css';
import { closeLeadDetail, useLeads } from '../leads/public.js';
import { DealSection } from './DealSection.js';
import { groupDetails } from './details.js';
import { LeadLocalTime } from './LeadLocalTime.js';
import { DispositionSelect } from './DispositionSelect.js';
import { LeadVoicemails } from './LeadVoicemails.js';
import { FollowUpForm } from './FollowUpForm.js';

type LeadHistoryEntries = ReadonlyArray<{ at: string; byName?: string; change: string }>;

/** The details side panel: the lead, its campaign-specific fields, follow-up, closing a deal, and its history. */
export function LeadPanel() {
  const { detail } = useLeads();
  const heading = useRef<HTMLHeadingElement>(null);
  const openId = detail?.id;

  useEffect(() => {
    if (openId) heading.current?.focus();
  }, [openId]);

  if (!detail) return null;
  const lead = detail.data?.lead;

  return (
    <aside className={[page.card, styles.panel].join(' ')} aria-labelledby="lead-panel-title" data-testid="lead-panel">
      <div className={styles.panelHead}>
        <h2 id="lead-panel-title" ref={heading} tabIndex={-1}>
          {lead ? lead.name : 'Lead details'}
        </h2>
        <AriaButton className={styles.iconButton} aria-label="Close lead details" onPress={closeLeadDetail}>
          <X size={16} aria-hidden="true" />
        </AriaButton>
      </div>
      {detail.status === 'failed' ? <p className={page.error}>This lead could not be loaded.</p> : null}
      {!lead ? (
        detail.status === 'loading' ? (
          <p className={page.muted}>Loading...</p>
        ) : null
      ) : (
        <LeadPanelBody key={lead.id} lead={lead} history={detail.data?.history ?? []} />
      )}
    </aside>
  );
}

function LeadPanelBody({ lead, history }: { lead: LeadItem; history: LeadHistoryEntries }) {
  const groups = groupDetails(lead.campaignSlug, lead.details);
  return (
    <>
      <LeadSummary lead={lead} />

      {groups.map((group) => (
        <section key={group.title} className={styles.section}>
          <h3>{group.title}</h3>
          <dl className={styles.facts}>
            {group.entries.map(([key, value]) => (
              <Fact key={key} label={detailLabel(key)} value={detailValue(value)} />
            ))}
          </dl>
        </section>
      ))}

      <FollowUpForm lead={lead} />
      <DealSection lead={lead} />
      <LeadVoicemails leadId={lead.id} name={lead.name} />

      <LeadHistory lead={lead} history={history} />
    </>
  );
}

/** The lead's stage, campaign and contact facts, and its status to set. */
function LeadSummary({ lead }: { lead: LeadItem }) {
  return (
    <section className={styles.section} aria-label="Lead">
      <div className={page.row}>
        <Badge tone={STAGE_TONES[lead.stage] ?? 'grey'}>{lead.stage}</Badge>
        <span className={styles.sub}>{lead.campaignName}</span>
      </div>
      <dl className={styles.facts}>
        {lead.company ? <Fact label="Company" value={lead.company} /> : null}
        <Fact label="Type" value={lead.leadType} />
        {lead.phone ? <Fact label="Phone" value={formatPhone(lead.phone)} /> : null}
        {lead.timeZone ? <LeadLocalTime timeZone={lead.timeZone} /> : null}
        {lead.email ? <Fact label="E-mail" value={lead.email} /> : null}
        <Fact label="Source" value={lead.source} />
        {lead.assignedAt ? <Fact label="Assigned" value={formatDate(lead.assignedAt)} /> : null}
        <Fact label="Last contact" value={lead.lastContactAt ? formatDateTime(lead.lastContactAt) : 'Never'} />
      </dl>
      <label className={[fieldStyles.field, page.small].join(' ')}>
        <span className={fieldStyles.label}>Status</span>
        <DispositionSelect lead={lead} />
      </label>
    </section>
  );
}

/** What changed on the lead, newest first. */
function LeadHistory({ lead, history }: { lead: LeadItem; history: LeadHistoryEntries }) {
  return (
    <section className={styles.section}>
      <h3>History</h3>
      {history.length === 0 ? (
        <p className={page.muted}>No changes yet.</p>
      ) : (
        <ol className={styles.history} aria-label={`History of ${lead.name}`}>
          {[...history].reverse().map((entry, i) => (
            <li key={`${entry.at}-${i}`}>
              <div>{entry.change}</div>
              <div className={styles.sub}>{[formatDateTime(entry.at), entry.byName].filter(Boolean).join(' · ')}</div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
