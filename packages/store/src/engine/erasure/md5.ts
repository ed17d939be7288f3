import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';

// The ETag MD5 costs as much CPU as erasure coding itself. For objects of more than one
// block it runs on a worker thread, in parallel with encoding, checksums and writes. One
// shared worker serves every upload (messages keep each upload's blocks in order).

const WORKER = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const hashes = new Map();
parentPort.on('message', (m) => {
  let h = hashes.get(m.id);
  if (!h) { h = createHash('md5'); hashes.set(m.id, h); }
  if (m.buf) { h.update(new Uint8Array(m.buf, m.off, m.len)); return; }
  hashes.delete(m.id);
  if (m.end) parentPort.postMessage({ id: m.id, digest: h.digest() });
});`;

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, { resolve: (d: Buffer) => void; reject: (e: Error) => void }>();

function shared(): Worker {
  if (worker) return worker;
  const w = new Worker(WORKER, { eval: true });
  w.on('message', (m: { id: number; digest: Uint8Array }) => {
    waiting.get(m.id)?.resolve(Buffer.from(m.digest));
    waiting.delete(m.id);
  });
  const fail = (err: Error) => {
    if (worker === w) worker = undefined;
    for (const p of waiting.values()) p.reject(err);
    waiting.clear();
  };
  w.on('error', fail);
  w.on('exit', () => fail(new Error('MD5 worker stopped')));
  worker = w;
  hold(0);
  return w;
}

/** The worker keeps the process alive only while some upload is being hashed. */
let active = 0;
function hold(delta: number): void {
  active += delta;
  if (active > 0) worker?.ref();
  else worker?.unref();
}

export interface Md5 {
  /** The bytes are copied (or hashed) before this returns: the caller may reuse them. */
  update(bytes: Uint8Array): void;
  digest(): Promise<Buffer>;
  abort(): void;
}

export function localMd5(): Md5 {
  const h = createHash('md5');
  return { update: (b) => h.update(b), digest: async () => h.digest(), abort: () => {} };
}

export function workerMd5(): Md5 {
  const id = nextId++;
  const w = shared();
  let open = true;
  const release = () => {
    if (open) hold(-1);
    open = false;
  };
  hold(1);
  return {
    // postMessage clones the ArrayBuffer synchronously; only the view's bytes are hashed.
    update: (b) => w.postMessage({ id, buf: b.buffer, off: b.byteOffset, len: b.length }),
    digest: () =>
      new Promise<Buffer>((resolve, reject) => {
        if (worker !== w) return reject(new Error('MD5 worker stopped'));
        waiting.set(id, { resolve, reject });
        w.postMessage({ id, end: true });
      }).finally(release),
    abort: () => {
      w.postMessage({ id });
      release();
    },
  };
}
