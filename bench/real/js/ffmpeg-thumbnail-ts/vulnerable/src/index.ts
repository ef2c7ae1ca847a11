export { thumbnail } from './thumbnail.js';
export type { ThumbOptions } from './thumbnail.js';
