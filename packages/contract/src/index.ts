export * from './actions.js';
export * from './errors.js';
export * from './openapi.js';
export * from './openapi-document.js';
export * from './permissions.js';
export * from './route.js';
export * from './routes/index.js';
export * from './sockets.js';
