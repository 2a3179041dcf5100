import { UnderConstruction } from '../dashboard/UnderConstruction.js';

export default function LeadManagementPage() {
  return (
    <UnderConstruction title="Lead Management">
      The lead table with the dialer, the call script and lead statuses will appear here.
    </UnderConstruction>
  );
}
