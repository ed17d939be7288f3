export * from './allocatable-memory.js';
export * from './bytes.js';
export * from './distribution.js';
export * from './erasure-code.js';
export * from './erasure-sets.js';
export * from './memory.js';
export * from './parity.js';
export * from './quantity.js';
