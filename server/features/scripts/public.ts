// The face of the scripts feature: the only module other features import (eslint.config.js enforces it).
export { findScripts, type ScriptDoc } from './repository.js';
