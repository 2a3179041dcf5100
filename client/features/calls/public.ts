// The face of the calls feature: the only module other client features import (docs/client.md, "Feature faces").
export { RecordingPlayer } from './RecordingPlayer.js';
