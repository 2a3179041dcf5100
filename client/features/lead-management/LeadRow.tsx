import { Info, Mail, Phone } from 'lucide-react';
import { Button as AriaButton } from 'react-aria-components';
import { useLocation } from 'wouter';
import type { LeadItem } from '../../../shared/schemas/leads/lead.js';
import { formatDate } from '../../ui/format.js';
import styles from '../../ui/Leads.module.css';
import { formatPhone, openLeadDetail } from '../leads/public.js';
import { callLead } from './call.js';
import { DispositionSelect } from './DispositionSelect.js';

type RowLead = Pick<
  LeadItem,
  | 'id'
  | 'name'
  | 'company'
  | 'source'
  | 'leadType'
  | 'phone'
  | 'email'
  | 'assignedTo'
  | 'assignedToName'
  | 'assignedAt'
  | 'lastContactAt'
  | 'disposition'
>;

/** One lead of Lead Management's table; `fresh` marks a lead that just arrived. */
export function LeadRow({ lead, fresh, onCall }: { lead: RowLead; fresh: boolean; onCall: () => void }) {
  return (
    <tr className={fresh ? styles.fresh : undefined} data-lead-id={lead.id}>
      <th scope="row" className={styles.rowHead}>
        <div className={styles.leadName}>{lead.name}</div>
        <div className={styles.sub}>{[lead.company, lead.source].filter(Boolean).join(' · ')}</div>
      </th>
      <td>{lead.leadType}</td>
      <td>
        <div>{formatPhone(lead.phone)}</div>
        <div className={styles.sub}>{lead.email}</div>
      </td>
      <td>
        {lead.assignedTo ? (
          <>
            <div>{lead.assignedToName ?? 'Assigned'}</div>
            {lead.assignedAt ? <div className={styles.sub}>{formatDate(lead.assignedAt)}</div> : null}
          </>
        ) : (
          'Unassigned'
        )}
      </td>
      <td>{lead.lastContactAt ? formatDate(lead.lastContactAt) : 'Never'}</td>
      <td>
        <DispositionSelect lead={lead} aria-label={`Status of ${lead.name}`} />
      </td>
      <td>
        <LeadActions lead={lead} onCall={onCall} />
      </td>
    </tr>
  );
}

/** Call (into the dialer), e-mail (a mailto: link, disabled without an address) and the details panel. */
function LeadActions({ lead, onCall }: { lead: RowLead; onCall: () => void }) {
  const [, navigate] = useLocation();
  return (
    <div className={styles.actions}>
      <AriaButton
        className={styles.iconButton}
        aria-label={`Call ${lead.name}`}
        isDisabled={!lead.phone}
        onPress={() => void callLead(lead, onCall, navigate)}
      >
        <Phone size={15} aria-hidden="true" />
      </AriaButton>
      {lead.email ? (
        <a className={styles.iconButton} href={`mailto:${lead.email}`} aria-label={`E-mail ${lead.name}`}>
          <Mail size={15} aria-hidden="true" />
        </a>
      ) : (
        <AriaButton className={styles.iconButton} aria-label={`E-mail ${lead.name} (no address)`} isDisabled>
          <Mail size={15} aria-hidden="true" />
        </AriaButton>
      )}
      <AriaButton
        className={styles.iconButton}
        aria-label={`Details of ${lead.name}`}
        onPress={() => void openLeadDetail(lead.id)}
      >
        <Info size={15} aria-hidden="true" />
      </AriaButton>
    </div>
  );
}
