// What the benchmarks reach below the S3 surface for (the `@stowage/store/bench-support` export):
// seeding a stopped store's drive indexes directly, which through S3 would take most of a run.
export { DriveIndex } from './engine/fs/drive-index.js';
export { decodeObjectRecord } from './format/object-record.js';
