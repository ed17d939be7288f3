import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { DB_RECORD, type DbRecord, type FileCheck, readDbRecord, treeDamage } from './index-tree.js';

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
// transaction id. index-check.test.ts holds a fresh lmdb-js file to this.

const MAGIC = 0xbeefc0de;
const DATA_VERSION = 2;
const PAGE_HEADER = 24;
/** A database with no pages yet names this root. */
const NO_PAGE = 0xffffffffffffffffn;

interface Meta {
  pageSize: number;
  lastPage: bigint;
  txnId: bigint;
  /** The free and the main database. */
  dbs: DbRecord[];
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

/**
 * The checks of a file: its metas, then its trees. `size` is asked for once the metas are
 * read: a commit that grows the file writes its meta last.
 */
function* fileDamage(size: () => number): FileCheck {
  const meta0 = readMeta(yield { at: 0, length: 4096 });
  const pageSize = meta0?.pageSize ?? 4096;
  const metas = [meta0, readMeta(yield { at: pageSize, length: 4096 })].filter(
    (m): m is Meta => m !== undefined,
  );
  if (metas.length === 0) return 'neither meta page is an LMDB meta page';
  // LMDB opens with the meta of the later transaction: that one must fit the file.
  const meta = metas.reduce((a, b) => (b.txnId > a.txnId ? b : a));
  const pages = BigInt(size()) / BigInt(meta.pageSize);
  if (meta.lastPage >= pages) return `the file ends at page ${pages}, before its last page ${meta.lastPage}`;
  for (const { root } of meta.dbs)
    if (root !== NO_PAGE && (root < 2n || root > meta.lastPage))
      return `a database root (page ${root}) lies outside the file's pages`;
  return yield* treeDamage(meta.pageSize, meta.lastPage, meta.dbs);
}

/** Why an LMDB data file cannot be mapped safely; undefined when it can (or is absent). */
export function indexFileDamage(path: string): string | undefined {
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
export async function openIndexFileDamage(path: string): Promise<string | undefined> {
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
