import { UnderConstruction } from '../dashboard/UnderConstruction.js';

export default function CommunityPage() {
  return (
    <UnderConstruction title="Community">
      The community feed, where agents share wins and tips, will appear here.
    </UnderConstruction>
  );
}
