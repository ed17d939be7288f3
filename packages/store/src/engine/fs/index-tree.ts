// A walk of an LMDB file's B-trees before it is mapped. LMDB trusts its pages: a tree page
// whose header or node offsets were damaged makes it fail an assertion (abort), free a wild
// pointer, or quietly end a range early. Every branch and leaf page reachable from the
// meta's databases is read once and checked: its own page number, its kind, its free-space
// bounds, each node inside the page, each child and overflow run inside the file, and each
// database's depth, page counts and entry count against its record. Overflow pages (large
// values) are not read: damage there only garbles a value, which the record decoder refuses.
//
// The layout is lmdb-js 3's LMDB (see index-check.ts): a 24-byte page header (page number,
// transaction id, pad, flags, lower and upper bounds relative to the header's end), node
// offsets after it, and 8-byte node headers (data size or child page, flags, key size).

const PAGE_HEADER = 24;
const NODE_HEADER = 8;
const P_BRANCH = 0x01;
const P_LEAF = 0x02;
const F_BIGDATA = 0x01;
const F_SUBDATA = 0x02;
const F_DUPDATA = 0x04;
/** A database record (MDB_db): pad, flags, depth, branch/leaf/overflow pages, entries, root. */
export const DB_RECORD = 48;
const NO_PAGE = 0xffffffffffffffffn;
/** Deeper than any real tree of this size: a cycle, or nonsense. */
const MAX_DEPTH = 32;

export interface DbRecord {
  flags: number;
  depth: number;
  branchPages: bigint;
  leafPages: bigint;
  overflowPages: bigint;
  entries: bigint;
  root: bigint;
}

export function readDbRecord(bytes: Buffer, at: number): DbRecord {
  return {
    flags: bytes.readUInt16LE(at + 4),
    depth: bytes.readUInt16LE(at + 6),
    branchPages: bytes.readBigUInt64LE(at + 8),
    leafPages: bytes.readBigUInt64LE(at + 16),
    overflowPages: bytes.readBigUInt64LE(at + 24),
    entries: bytes.readBigUInt64LE(at + 32),
    root: bytes.readBigUInt64LE(at + 40),
  };
}

class Damage extends Error {}

/** What the pages say about one database, to hold against its record. */
interface Tally {
  branchPages: bigint;
  leafPages: bigint;
  overflowPages: bigint;
  entries: bigint;
  leafDepth: number | undefined;
}

/** A read a check needs: `length` bytes at byte `at`; answered with the bytes read (fewer at the file's end). */
export interface FileRead {
  at: number;
  length: number;
}

/**
 * A check of a file, as the reads it asks for (each answer is used before the next read,
 * so one buffer serves them all), and in the end why the file is damaged (undefined: it is not).
 */
export type FileCheck = Generator<FileRead, string | undefined, Buffer>;

/**
 * Why the trees of the databases `dbs` (the free and main databases of the meta LMDB opens
 * with; the named databases are found in the main one) cannot be walked safely; undefined
 * when every reachable page checks out.
 */
export function* treeDamage(pageSize: number, lastPage: bigint, dbs: DbRecord[]): FileCheck {
  const seen = new Set<bigint>();
  const pending: { name: string; db: DbRecord }[] = dbs.map((db, i) => ({
    name: i === 0 ? 'free' : 'main',
    db,
  }));
  const inFile = (pgno: bigint, count = 1n) => pgno >= 2n && pgno + count - 1n <= lastPage;

  function* readPage(pgno: bigint): Generator<FileRead, Buffer, Buffer> {
    if (!inFile(pgno)) throw new Damage(`page ${pgno} lies outside the file's pages`);
    if (seen.has(pgno)) throw new Damage(`page ${pgno} is reached twice`);
    seen.add(pgno);
    const page = yield { at: Number(pgno) * pageSize, length: pageSize };
    if (page.length !== pageSize) throw new Damage(`page ${pgno} is cut short`);
    if (page.readBigUInt64LE(0) !== pgno)
      throw new Damage(`page ${pgno} names itself ${page.readBigUInt64LE(0)}`);
    return page;
  }

  function* walk(name: string, db: DbRecord): Generator<FileRead, void, Buffer> {
    const tally: Tally = {
      branchPages: 0n,
      leafPages: 0n,
      overflowPages: 0n,
      entries: 0n,
      leafDepth: undefined,
    };
    const stack: { pgno: bigint; depth: number }[] = [{ pgno: db.root, depth: 1 }];
    while (stack.length > 0) {
      const { pgno, depth } = stack.pop()!;
      if (depth > MAX_DEPTH) throw new Damage(`database ${name} is deeper than ${MAX_DEPTH} pages`);
      const page = yield* readPage(pgno);
      const flags = page.readUInt16LE(18);
      const kind = flags & (P_BRANCH | P_LEAF);
      if (kind !== P_BRANCH && kind !== P_LEAF)
        throw new Damage(`page ${pgno} of ${name} is neither branch nor leaf`);
      const lower = page.readUInt16LE(20);
      const upper = page.readUInt16LE(22);
      const room = pageSize - PAGE_HEADER;
      if (lower % 2 !== 0 || lower > upper || upper > room || lower === 0)
        throw new Damage(`page ${pgno} of ${name} has free space bounds ${lower}..${upper}`);
      for (let i = 0; i < lower / 2; i++) {
        const node = PAGE_HEADER + page.readUInt16LE(PAGE_HEADER + 2 * i);
        if (node < PAGE_HEADER + upper || node + NODE_HEADER > pageSize)
          throw new Damage(`node ${i} of page ${pgno} lies outside its page`);
        const lo = page.readUInt16LE(node);
        const hi = page.readUInt16LE(node + 2);
        const nodeFlags = page.readUInt16LE(node + 4);
        const keyEnd = node + NODE_HEADER + page.readUInt16LE(node + 6);
        if (keyEnd > pageSize) throw new Damage(`the key of node ${i} of page ${pgno} runs past its page`);
        if (kind === P_BRANCH) {
          stack.push({
            pgno: BigInt(lo) | (BigInt(hi) << 16n) | (BigInt(nodeFlags) << 32n),
            depth: depth + 1,
          });
          continue;
        }
        tally.entries++;
        const size = lo + hi * 65536;
        if (nodeFlags & F_DUPDATA)
          throw new Damage(`node ${i} of page ${pgno} holds duplicates, which no database here has`);
        if (nodeFlags & F_BIGDATA) {
          if (keyEnd + 8 > pageSize) throw new Damage(`node ${i} of page ${pgno} runs past its page`);
          const run = BigInt(Math.floor((PAGE_HEADER - 1 + size) / pageSize) + 1);
          if (!inFile(page.readBigUInt64LE(keyEnd), run))
            throw new Damage(`the value of node ${i} of page ${pgno} lies outside the file's pages`);
          tally.overflowPages += run;
          continue;
        }
        if (keyEnd + size > pageSize)
          throw new Damage(`the value of node ${i} of page ${pgno} runs past its page`);
        if (nodeFlags & F_SUBDATA) {
          if (name !== 'main' || size !== DB_RECORD)
            throw new Damage(`node ${i} of page ${pgno} is a misplaced database`);
          const sub = page
            .subarray(node + NODE_HEADER, keyEnd)
            .toString('latin1')
            .replace(/\0+$/, '');
          pending.push({ name: `'${sub}'`, db: readDbRecord(page, keyEnd) });
        }
      }
      if (kind === P_BRANCH) tally.branchPages++;
      else {
        tally.leafPages++;
        tally.leafDepth ??= depth;
        if (tally.leafDepth !== depth) throw new Damage(`the leaves of ${name} lie at different depths`);
      }
    }
    const counted: [string, bigint | number, bigint | number][] = [
      ['entries', tally.entries, db.entries],
      ['branch pages', tally.branchPages, db.branchPages],
      ['leaf pages', tally.leafPages, db.leafPages],
      ['overflow pages', tally.overflowPages, db.overflowPages],
      ['depth', tally.leafDepth ?? 0, db.depth],
    ];
    for (const [what, found, recorded] of counted)
      if (BigInt(found) !== BigInt(recorded))
        throw new Damage(`database ${name} records ${recorded} ${what}, its pages hold ${found}`);
  }

  try {
    for (let next = pending.shift(); next; next = pending.shift()) {
      if (next.db.root === NO_PAGE) {
        if (next.db.entries !== 0n) throw new Damage(`database ${next.name} has entries but no pages`);
        continue;
      }
      yield* walk(next.name, next.db);
    }
    return undefined;
  } catch (err) {
    if (err instanceof Damage) return err.message;
    throw err;
  }
}
