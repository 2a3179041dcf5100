// The face of the leaderboard feature: the only module other features import (eslint.config.js enforces it).
export { emitLeaderboardUpdated } from './events.js';
