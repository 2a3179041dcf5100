// The face of the dialer feature: the only module other features import (eslint.config.js enforces it).
export { signedRecordingLink, toCallView } from './present.js';
export { playableRecording } from './recording-store.js';
export { findCall, readOnlyCalls, type CallDoc } from './repository.js';
