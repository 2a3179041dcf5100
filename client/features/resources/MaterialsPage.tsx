import { UnderConstruction } from '../dashboard/UnderConstruction.js';

export default function MaterialsPage() {
  return (
    <UnderConstruction title="Materials">
      Campaign materials to browse, upload and download will appear here.
    </UnderConstruction>
  );
}
