import {
  decodeUploadPart,
  decodeUploadRecord,
  encodeUploadPart,
  encodeUploadRecord,
  type UploadPartRecord,
  type UploadRecord,
} from '../../../format/upload-record.js';
import type { DriveIndex } from '../../fs/drive-index.js';

// One upload's entries on one drive: its record in `uploads`, and each part in `parts` under
// the record's key. A part's write touches its own entry only, so its cost does not grow
// with the parts before it; reading or removing the upload walks its range.

const NUL = Buffer.from([0]);
const ONE = Buffer.from([1]);

/** `<upload entry>\0<part number in 5 digits>`: byte order is part order (1 to 10,000). */
export const partEntry = (upload: Buffer, n: number): Buffer =>
  Buffer.concat([upload, Buffer.from(`\0${String(n).padStart(5, '0')}`, 'latin1')]);

const partsRange = (upload: Buffer) => ({
  start: Buffer.concat([upload, NUL]),
  end: Buffer.concat([upload, ONE]),
});

/** Which of an upload's parts a read wants: those numbered after `after`, `limit` of them. */
export interface PartWindow {
  after: number;
  limit: number;
}
export const ALL_PARTS: PartWindow = { after: 0, limit: Number.POSITIVE_INFINITY };

/**
 * The parts the drive holds for the upload, by number, in the window: those of its own
 * entries, and those a record before version 3 still holds in itself. `readTo`: the number
 * up to which the drive was read (Infinity when to the end; `limit` entries were read
 * otherwise). A damaged entry is skipped (read quorum decides among the drives).
 */
export function driveParts(
  ix: DriveIndex,
  upload: Buffer,
  record: UploadRecord,
  window: PartWindow = ALL_PARTS,
): { parts: UploadPartRecord[]; readTo: number } {
  const byNumber = new Map(record.parts.filter((p) => p.number > window.after).map((p) => [p.number, p]));
  const range = { start: partEntry(upload, window.after + 1), end: partsRange(upload).end };
  let read = 0;
  let last = 0;
  for (const { key, value } of ix.parts.getRange(
    Number.isFinite(window.limit) ? { ...range, limit: window.limit } : range,
  )) {
    read++;
    last = Number((key as Buffer).subarray(upload.length + 1).toString('latin1'));
    try {
      const part = decodeUploadPart(value);
      byNumber.set(part.number, part);
    } catch {
      // another drive's copy counts instead
    }
  }
  const readTo = read < window.limit ? Number.POSITIVE_INFINITY : last;
  const parts = [...byNumber.values()].filter((p) => p.number <= readTo);
  return { parts: parts.sort((a, b) => a.number - b.number), readTo };
}

/** Entries as they were before a change, exactly (undefined: absent), for its undo. */
export type SavedEntries = { table: 'uploads' | 'parts'; key: Buffer; bytes: Buffer | undefined }[];

/** Puts back what a change found, in one transaction. */
export const putBack = (ix: DriveIndex, saved: SavedEntries): Promise<unknown> =>
  Promise.all(
    saved.map(({ table, key, bytes }) =>
      bytes === undefined ? ix[table].remove(key) : ix[table].put(key, bytes),
    ),
  );

/** The upload's record and parts on the drive, as they are (reads only). */
export function uploadEntries(ix: DriveIndex, upload: Buffer): SavedEntries {
  const saved: SavedEntries = [{ table: 'uploads', key: upload, bytes: ix.uploads.get(upload) }];
  for (const { key, value } of ix.parts.getRange(partsRange(upload)))
    saved.push({ table: 'parts', key: key as Buffer, bytes: value });
  return saved;
}

/** Removes the entries uploadEntries read, in one transaction. */
export const removeEntries = (ix: DriveIndex, entries: SavedEntries): Promise<unknown> =>
  Promise.all(entries.map(({ table, key }) => ix[table].remove(key)));

/** Removes the upload and its parts from the drive, in one transaction; what was there. */
export function removeUpload(
  ix: DriveIndex,
  upload: Buffer,
): { saved: SavedEntries; written: Promise<unknown> } {
  const saved = uploadEntries(ix, upload);
  return { saved, written: removeEntries(ix, saved) };
}

/** Uploads of one part number kept side by side at most (each holds a part's shard). */
const MAX_ALTERNATES = 4;

/**
 * The entry a finished part upload writes over `previous`, and the part files no entry names
 * any more. An upload of the number that finished after this one began overlapped it (a
 * resend racing the original): both stay, for Complete to take the one its ETag names.
 * One that finished before is replaced, as S3 replaces a part uploaded again.
 */
function supersede(
  previous: UploadPartRecord | undefined,
  part: UploadPartRecord,
  started: number,
): { entry: UploadPartRecord; dropped: UploadPartRecord[] } {
  if (!previous) return { entry: part, dropped: [] };
  const { alternates = [], ...prior } = previous;
  const earlier = [prior, ...alternates];
  if (previous.mod <= started) return { entry: part, dropped: earlier };
  return {
    entry: { ...part, alternates: earlier.slice(0, MAX_ALTERNATES) },
    dropped: earlier.slice(MAX_ALTERNATES),
  };
}

/**
 * Writes one part of the upload on the drive: the record as `current` (the drive's, or the
 * one it takes when it had none), then the part's entry. A record before version 3 is
 * rewritten once, its parts moved out to entries. `started`: when the part's upload began.
 * Returns the part files the drive no longer names (see supersede).
 */
export function writePart(
  ix: DriveIndex,
  upload: Buffer,
  current: UploadRecord,
  hadRecord: boolean,
  part: UploadPartRecord,
  started: number,
): { dropped: UploadPartRecord[]; saved: SavedEntries; written: Promise<unknown> } {
  const puts: { table: 'uploads' | 'parts'; key: Buffer; bytes: Buffer }[] = [];
  if (!hadRecord || current.parts.length > 0) {
    puts.push({ table: 'uploads', key: upload, bytes: encodeUploadRecord(current) });
    for (const p of current.parts)
      if (p.number !== part.number)
        puts.push({ table: 'parts', key: partEntry(upload, p.number), bytes: encodeUploadPart(p) });
  }
  const key = partEntry(upload, part.number);
  const previous = ix.parts.get(key);
  let replaced = current.parts.find((p) => p.number === part.number);
  try {
    if (previous !== undefined) replaced = decodeUploadPart(previous);
  } catch {
    // a damaged entry names no file to remove
  }
  const { entry, dropped } = supersede(replaced, part, started);
  puts.push({ table: 'parts', key, bytes: encodeUploadPart(entry) });
  const saved: SavedEntries = puts.map(({ table, key }) => ({ table, key, bytes: ix[table].get(key) }));
  return {
    dropped,
    saved,
    written: Promise.all(puts.map(({ table, key, bytes }) => ix[table].put(key, bytes))),
  };
}

/** The drive's record of the upload, decoded (undefined when absent). */
export function driveUpload(ix: DriveIndex, upload: Buffer): UploadRecord | undefined {
  const bytes = ix.uploads.get(upload);
  return bytes === undefined ? undefined : decodeUploadRecord(bytes);
}
