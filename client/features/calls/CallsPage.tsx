import { UnderConstruction } from '../dashboard/UnderConstruction.js';

export default function CallsPage() {
  return (
    <UnderConstruction title="Call History">
      Your calls, their recordings and the call log export will appear here.
    </UnderConstruction>
  );
}
