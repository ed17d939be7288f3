export * from './boundary.js';
export * from './errors.js';
export type { PartHead } from './head.js';
export * from './reader.js';
