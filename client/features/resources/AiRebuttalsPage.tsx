import { UnderConstruction } from '../dashboard/UnderConstruction.js';

export default function AiRebuttalsPage() {
  return (
    <UnderConstruction title="AI Rebuttals">
      AI-generated rebuttals to common objections are coming soon.
    </UnderConstruction>
  );
}
