import { hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { inspect } from 'node:util';
import { decodeBase64Strict } from './encoding.js';

// The SSE-S3 master key: one 256-bit secret in the data directory from which every
// object's key-encryption key is derived. On disk: `{ "v": 1, "id": "...", "key": base64 }`.

export const MASTER_KEY_VERSION = 1;
export const MASTER_KEY_BYTES = 32;

interface MasterKeyRecord {
  v: typeof MASTER_KEY_VERSION;
  id: string;
  key: string;
}

export class MasterKey {
  readonly id: string;
  // A private field: not enumerable, not serialised, not shown by console.log/inspect.
  readonly #key: Buffer;

  constructor(id: string, key: Buffer) {
    if (id === '') throw new RangeError('master key id must not be empty');
    if (key.length !== MASTER_KEY_BYTES) {
      throw new RangeError(`master key must be ${MASTER_KEY_BYTES} bytes, got ${key.length}`);
    }
    this.id = id;
    this.#key = Buffer.from(key);
  }

  /** A fresh random key (tests, or a caller that stores keys elsewhere). */
  static generate(id: string = randomUUID()): MasterKey {
    const key = randomBytes(MASTER_KEY_BYTES);
    try {
      return new MasterKey(id, key);
    } finally {
      key.fill(0);
    }
  }

  /** HKDF-SHA256 of the master key: a 32-byte key unique to (salt, info). */
  deriveKey(salt: Buffer, info: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.#key, salt, info, MASTER_KEY_BYTES));
  }

  toJSON(): { id: string } {
    return { id: this.id };
  }

  toString(): string {
    return `MasterKey(${this.id})`;
  }

  [inspect.custom](): string {
    return this.toString();
  }
}

/**
 * Reads the master key at `path`, creating it (mode 0600) when there is none. Creation
 * never replaces a file another process created meanwhile: both end up with the same key.
 */
export async function loadOrCreateMasterKey(path: string): Promise<MasterKey> {
  const existing = await readMasterKey(path);
  if (existing) return existing;
  await mkdir(dirname(path), { recursive: true });
  if (await createMasterKeyFile(path)) {
    const created = await readMasterKey(path);
    if (created) return created;
  }
  const winner = await readMasterKey(path);
  if (!winner) throw new Error(`${path}: the master key file vanished while it was being created`);
  return winner;
}

async function readMasterKey(path: string): Promise<MasterKey | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return undefined;
    throw err;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    // The parser's message may quote the file's content, which is the key: say less.
    throw new Error(`${path}: the SSE master key file is not valid JSON`);
  }
  return decodeMasterKey(raw, path);
}

export function decodeMasterKey(raw: unknown, origin: string): MasterKey {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error(`${origin}: the SSE master key file must hold a JSON object`);
  }
  const { v, id, key } = raw as Record<string, unknown>;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
    throw new Error(`${origin}: missing or invalid "v" in the SSE master key file`);
  }
  if (v > MASTER_KEY_VERSION) {
    throw new Error(
      `${origin} has version ${v}, newer than this version of Stowage understands (${MASTER_KEY_VERSION}); upgrade Stowage`,
    );
  }
  if (typeof id !== 'string' || id === '') throw new Error(`${origin}: "id" must be a non-empty string`);
  const bytes = typeof key === 'string' ? decodeBase64Strict(key) : undefined;
  if (!bytes) throw new Error(`${origin}: "key" must be a base64 string`);
  try {
    if (bytes.length !== MASTER_KEY_BYTES) {
      throw new Error(`${origin}: "key" must be ${MASTER_KEY_BYTES} bytes, found ${bytes.length}`);
    }
    return new MasterKey(id, bytes);
  } finally {
    bytes.fill(0);
  }
}

/** Writes a new key file atomically; false when another process got there first. */
async function createMasterKeyFile(path: string): Promise<boolean> {
  const key = randomBytes(MASTER_KEY_BYTES);
  const record: MasterKeyRecord = { v: MASTER_KEY_VERSION, id: randomUUID(), key: key.toString('base64') };
  key.fill(0);
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.tmp-${randomUUID()}`);
  try {
    const fh = await open(tmp, 'wx', 0o600);
    try {
      await fh.chmod(0o600); // open() honours the umask; 0600 must mean exactly 0600
      await fh.writeFile(`${JSON.stringify(record)}\n`);
      await fh.sync();
    } finally {
      await fh.close();
    }
    if (!(await publishWithoutReplacing(tmp, path))) return false;
  } finally {
    await rm(tmp, { force: true });
  }
  await fsyncDir(dir);
  return true;
}

// link() is an atomic rename that refuses to overwrite; rename() is the fallback for
// filesystems without hard links.
async function publishWithoutReplacing(tmp: string, target: string): Promise<boolean> {
  try {
    await link(tmp, target);
    return true;
  } catch (err) {
    if (errnoCode(err) === 'EEXIST') return false;
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(errnoCode(err) ?? '')) throw err;
  }
  await rename(tmp, target);
  return true;
}

async function fsyncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } catch {
    // Some filesystems refuse fsync on directories; the rename is still atomic there.
  } finally {
    await fh.close();
  }
}

function errnoCode(err: unknown): string | undefined {
  return err instanceof Error && 'code' in err && typeof err.code === 'string' ? err.code : undefined;
}
