import { UnderConstruction } from '../dashboard/UnderConstruction.js';

export default function VoiceNotesPage() {
  return (
    <UnderConstruction title="Voice Notes">
      Recorded voice notes with their transcriptions will appear here.
    </UnderConstruction>
  );
}
