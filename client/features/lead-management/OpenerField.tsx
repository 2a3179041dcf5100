import { useId } from 'react';
import type { LeadDealView } from '../../../shared/schemas/deals/lead-deal.js';
import fieldStyles from '../../ui/Field.module.css';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';

/**
 * Who opened the lead: the closer themself (full stack) or another member of the campaign; fixed for a transferred
 * lead, whose opener is the agent who handed the call over.
 */
export function OpenerField({
  view,
  closerName,
  openerId,
  onChange,
}: {
  view: LeadDealView;
  closerName: string;
  openerId: string;
  onChange: (openerId: string) => void;
}) {
  const openerField = useId();
  const fixedOpener = view.transferOpener;
  return (
    <div className={[fieldStyles.field, page.small].join(' ')}>
      <label htmlFor={openerField} className={fieldStyles.label}>
        Opened by
      </label>
      <select
        id={openerField}
        className={styles.statusSelect}
        value={openerId}
        disabled={Boolean(fixedOpener)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{closerName} (opened and closed it)</option>
        {fixedOpener && !view.openers.some((person) => person.id === fixedOpener.id) ? (
          <option value={fixedOpener.id}>{fixedOpener.name}</option>
        ) : null}
        {view.openers.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
    </div>
  );
}
