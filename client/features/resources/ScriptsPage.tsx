import { UnderConstruction } from '../dashboard/UnderConstruction.js';

export default function ScriptsPage() {
  return (
    <UnderConstruction title="Sales Scripts">
      The sales scripts of each campaign will appear here.
    </UnderConstruction>
  );
}
