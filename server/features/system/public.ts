// The face of the system feature: the only module other features import (eslint.config.js enforces it).
// Other features use nothing from it yet; export here what one comes to need.
export {};
