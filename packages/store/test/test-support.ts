// What other packages' tests may use of the store's internals (the `@stowage/store/test-support`
// export): fault injection on drives, where an object lives on a drive, and the RESP client.
export { objectDir } from '../src/engine/fs/layout.js';
export { RespConnection, type RespValue } from '../src/observe/resp.js';
export * from './faults/support.js';
