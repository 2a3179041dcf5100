import { UnderConstruction } from '../dashboard/UnderConstruction.js';

export default function LeadsPage() {
  return (
    <UnderConstruction title="Leads">
      Your leads with their status filters will be listed here. Until then, the overview shows the leads of your active campaign.
    </UnderConstruction>
  );
}
