// The face of the materials feature: the only module other features import (eslint.config.js enforces it).
export { detectVoiceNoteFormat } from './file-types.js';
export { declaredSizeGuard, uploadParts } from './routes.js';
export { fileAnswer, fileViewer, type UploadPart } from './service.js';
export { deleteStoredFile, storeStream, voiceNotesBucket } from './storage.js';
