import { FileText, Phone } from 'lucide-react';
import { ToggleButton } from 'react-aria-components';
import { buttonClass, LinkButton } from '../../ui/Button.js';
import page from '../../ui/Page.module.css';
import { ImportLeads } from './import/ImportDialog.js';
import { RequestLeads } from './RequestLeads.js';

interface PageActionsProps {
  showDialer: boolean;
  onShowDialer: (on: boolean) => void;
  showScript: boolean;
  onShowScript: (on: boolean) => void;
  /** The chosen campaign, when it is open. */
  campaign?: { id: string; name: string };
  /** Request Leads is for sales users; the import for the campaign's owner and admins. */
  canRequest: boolean;
  canImport: boolean;
}

/** The buttons in Lead Management's head: Show/Hide Dialer and Script, Request Leads, Import, Client Progress. */
export function PageActions({
  showDialer,
  onShowDialer,
  showScript,
  onShowScript,
  campaign,
  canRequest,
  canImport,
}: PageActionsProps) {
  return (
    <div className={page.row}>
      <ToggleButton isSelected={showDialer} onChange={onShowDialer} className={buttonClass({ variant: 'secondary' })}>
        <Phone size={16} aria-hidden="true" /> {showDialer ? 'Hide Dialer' : 'Show Dialer'}
      </ToggleButton>
      <ToggleButton isSelected={showScript} onChange={onShowScript} className={buttonClass({ variant: 'secondary' })}>
        <FileText size={16} aria-hidden="true" /> {showScript ? 'Hide Script' : 'Show Script'}
      </ToggleButton>
      {campaign && canRequest ? <RequestLeads campaignId={campaign.id} campaignName={campaign.name} /> : null}
      {campaign && canImport ? <ImportLeads campaignId={campaign.id} campaignName={campaign.name} /> : null}
      <LinkButton href="/dashboard/clients" variant="ghost">
        Client Progress
      </LinkButton>
    </div>
  );
}
