// Seeding millions of objects through S3 would take most of a run, so each drive's index gets
// the records directly: one real object is PUT through S3 (its key given as `template`), and
// its record on each drive, as the store wrote it, becomes every other key's record there.
import { DriveIndex, decodeObjectRecord } from '@stowage/store/bench-support';

/** Writes `n` copies of the template's record, named keyOf(0..n-1), into a stopped store's drives. */
export async function seedRecords(drives, bucket, n, keyOf, template = 'template') {
  for (const drive of drives) {
    const ix = await DriveIndex.open(drive);
    const record = decodeObjectRecord(ix.getRecordBytes(bucket, template));
    const batch = [];
    for (let i = 0; i < n; i++) {
      batch.push(ix.writeRecord(bucket, keyOf(i), undefined, record));
      if (batch.length === 20_000) await Promise.all(batch.splice(0));
    }
    await Promise.all(batch);
    await ix.close();
  }
}
