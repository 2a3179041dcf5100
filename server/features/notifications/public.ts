// The face of the notifications feature: the only module other features import (eslint.config.js enforces it).
export { notify, notifyGrouped, notifyMany, type NotificationInput } from './service.js';
