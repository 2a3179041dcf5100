// The face of the dialer feature: the only module other features import (eslint.config.js enforces it).
export { signedRecordingLink, toCallView } from './present.js';
export { findCall, openRecording, readOnlyCalls, recordingLength, type CallDoc } from './repository.js';
