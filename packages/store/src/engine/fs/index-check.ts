import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { DB_RECORD, type DbRecord, type FileRead, readDbRecord, treeDamage } from './index-tree.js';

// A look at an LMDB file before it is mapped. LMDB trusts its file: a truncated file makes
// the process die of SIGBUS at the first read past its end, and zeroed or random meta pages
// make it follow wild page numbers (SIGSEGV). One damaged drive must not take the store down
// with it, so the two meta pages are checked first: magic, version, and that the pages they
// name lie inside the file; then every tree page they reach (index-tree.ts). LMDB keeps no
// checksums: damage that leaves a page well formed (a changed key or value) is not found.
//
// The layout is lmdb-js 3's (its LMDB keeps the writing transaction's id in every page
// header, so a page header is 24 bytes): the meta follows it, and holds the magic, the
// version, the map address and size, the free and main databases, the last page and the
// transaction id. index-check.test.ts holds a fresh lmdb-js file to this (the upgrade gate:
// `lmdb` is pinned to one exact version in package.json for this reason).
//
// A file whose meta page carries LMDB's magic but not this layout (another data version, or
// the magic where a 16-byte page header puts it, as upstream LMDB 0.9 does) is not damaged:
// the walker cannot read it. Its check is skipped, so an lmdb upgrade that changes the layout
// takes no drive offline; the caller warns loudly.

const MAGIC = 0xbeefc0de;
/** LMDB's on-disk format version (MDB_DATA_VERSION) of the layout walked here. */
export const DATA_VERSION = 2;
const PAGE_HEADER = 24;
/** Where the magic sits in the meta pages of other page header sizes LMDB has had. */
const OTHER_PAGE_HEADERS = [16];
/** A database with no pages yet names this root. */
const NO_PAGE = 0xffffffffffffffffn;

interface Meta {
  pageSize: number;
  lastPage: bigint;
  txnId: bigint;
  /** The free and the main database. */
  dbs: DbRecord[];
}

/**
 * Why a page that is no meta page of this layout is an LMDB meta page of another layout;
 * undefined when it holds no LMDB magic at all.
 */
function otherLayout(page: Buffer): string | undefined {
  if (page.length >= PAGE_HEADER + 8 && page.readUInt32LE(PAGE_HEADER) === MAGIC)
    return `LMDB data version ${page.readUInt32LE(PAGE_HEADER + 4)} (the check knows version ${DATA_VERSION})`;
  for (const header of OTHER_PAGE_HEADERS)
    if (page.length >= header + 8 && page.readUInt32LE(header) === MAGIC)
      return `a ${header}-byte page header (the check knows ${PAGE_HEADER}-byte headers)`;
  return undefined;
}

/** Reads one meta page's fields; undefined when it is not a meta page of this layout. */
function readMeta(page: Buffer): Meta | undefined {
  if (page.length < PAGE_HEADER + 40 + 2 * DB_RECORD + 16) return undefined;
  const m = PAGE_HEADER;
  if (page.readUInt32LE(m) !== MAGIC || page.readUInt32LE(m + 4) !== DATA_VERSION) return undefined;
  const dbs = m + 24; // after magic, version and the map address and size
  const pageSize = page.readUInt32LE(dbs); // kept in the free database's padding
  const lastPage = page.readBigUInt64LE(dbs + 2 * DB_RECORD);
  const txnId = page.readBigUInt64LE(dbs + 2 * DB_RECORD + 8);
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return undefined;
  return { pageSize, lastPage, txnId, dbs: [0, 1].map((d) => readDbRecord(page, dbs + d * DB_RECORD)) };
}

/** The largest read a check asks for (a page); each read's bytes are used before the next. */
const MAX_READ = 65536;

/** A file the walker cannot read: why. Its check is skipped, the file is not damaged. */
export interface SkippedCheck {
  skipped: string;
}

/** Why a file is damaged; `{ skipped }` when its layout is unknown; undefined when it is sound. */
export type IndexFileCheck = string | SkippedCheck | undefined;

/**
 * The checks of a file: its metas, then its trees. `size` is asked for once the metas are
 * read: a commit that grows the file writes its meta last.
 */
function* fileDamage(size: () => number): Generator<FileRead, IndexFileCheck, Buffer> {
  const page0 = Buffer.from(yield { at: 0, length: 4096 });
  const meta0 = readMeta(page0);
  const pageSize = meta0?.pageSize ?? 4096;
  const page1 = yield { at: pageSize, length: 4096 };
  const metas = [meta0, readMeta(page1)].filter((m): m is Meta => m !== undefined);
  if (metas.length === 0) {
    const other = otherLayout(page0) ?? otherLayout(page1);
    if (other !== undefined) return { skipped: `the index file has an unknown layout: ${other}` };
    return 'neither meta page is an LMDB meta page';
  }
  // LMDB opens with the meta of the later transaction: that one must fit the file.
  const meta = metas.reduce((a, b) => (b.txnId > a.txnId ? b : a));
  const pages = BigInt(size()) / BigInt(meta.pageSize);
  if (meta.lastPage >= pages) return `the file ends at page ${pages}, before its last page ${meta.lastPage}`;
  for (const { root } of meta.dbs)
    if (root !== NO_PAGE && (root < 2n || root > meta.lastPage))
      return `a database root (page ${root}) lies outside the file's pages`;
  return yield* treeDamage(meta.pageSize, meta.lastPage, meta.dbs);
}

/**
 * Why an LMDB data file cannot be mapped safely; undefined when it can (or is absent);
 * `{ skipped }` when its layout is not the one this check reads.
 */
export function indexFileDamage(path: string): IndexFileCheck {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const check = fileDamage(() => fstatSync(fd).size);
    const bytes = Buffer.alloc(MAX_READ);
    for (let step = check.next(); ; ) {
      if (step.done) return step.value;
      step = check.next(bytes.subarray(0, readSync(fd, bytes, 0, step.value.length, step.value.at)));
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * indexFileDamage of an index that is open, without holding the event loop: the caller
 * keeps an LMDB read transaction open meanwhile, so that no page the walk reaches is
 * reused under it.
 */
export async function openIndexFileDamage(path: string): Promise<IndexFileCheck> {
  const fh = await open(path, 'r');
  try {
    const check = fileDamage(() => fstatSync(fh.fd).size);
    const bytes = Buffer.alloc(MAX_READ);
    for (let step = check.next(); ; ) {
      if (step.done) return step.value;
      const { bytesRead } = await fh.read(bytes, 0, step.value.length, step.value.at);
      step = check.next(bytes.subarray(0, bytesRead));
    }
  } finally {
    await fh.close();
  }
}
