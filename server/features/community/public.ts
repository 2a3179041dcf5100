export { recountPostCounts } from './repository.js';
