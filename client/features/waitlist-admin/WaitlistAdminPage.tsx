import { UnderConstruction } from '../dashboard/UnderConstruction.js';

export default function WaitlistAdminPage() {
  return (
    <UnderConstruction title="Waitlist">
      The waitlist sign-ups and access requests will be listed here.
    </UnderConstruction>
  );
}
