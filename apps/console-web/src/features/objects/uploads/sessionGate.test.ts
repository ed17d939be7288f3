import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/ApiError.js';
import { endSession, sessionStarted } from '../../../api/sessionEvents.js';
import { createMultipart, type MultipartDeps, runMultipart } from './multipartUpload.js';
import { memoryResumeStore } from './resumeStore.js';
import { SignedOutError, sessionGate } from './sessionGate.js';
import { fakeClock, fakeServer } from './testDoubles.js';

// An upload across a lapsed session: the console refuses a sign call (401) once the session's
// credentials expired or it was ended elsewhere; the upload waits for its owner to sign in
// again and goes on, and is never signed with another user's session.

const TEXT = 'aaaabbbbccccddddeeeeffffgggghhhhii'; // 9 parts of 4 bytes
const file = () => new File([TEXT], 'f.txt', { lastModified: 42 });
const job = (f: File) => ({ bucket: 'b', key: 'dir/f.txt', file: f, contentType: 'text/plain' });

/** A console whose session lapses at the `lapseAt`-th sign call: that call and later ones get 401 until a sign-in. */
function lapsingConsole(lapseAt: number) {
  const server = fakeServer({ part_size: 4, part_count: 9 });
  const sign = server.api.sign;
  let calls = 0;
  let lapsed = false;
  /** Who signed each call that the console answered. */
  const signedBy: string[] = [];
  let signedIn = 'alice';
  server.api.sign = async (bucket, req) => {
    calls += 1;
    if (calls === lapseAt) {
      lapsed = true;
      // What client.ts does on a 401: the session ends in the page, then the call throws.
      endSession();
    }
    if (lapsed) throw new ApiError(401, 'Unauthorized');
    signedBy.push(signedIn);
    return sign(bucket, req);
  };
  const signIn = (who: string) => {
    signedIn = who;
    lapsed = false;
    sessionStarted(who);
  };
  const deps: MultipartDeps = {
    api: server.api,
    send: server.send,
    store: memoryResumeStore(),
    clock: fakeClock(),
    session: sessionGate('alice'),
    // Checksums: one sign call per part, so the lapse lands in the middle of the upload.
    checksum: { algorithm: 'SHA256', of: async (part) => `sum-${part.size}` },
  };
  return { server, deps, signedBy, signIn };
}

afterEach(() => endSession());

describe('an upload whose session lapses', () => {
  it('waits for its owner to sign in again, then finishes with every part, no retry spent', async () => {
    sessionStarted('alice');
    const { server, deps, signedBy, signIn } = lapsingConsole(4);
    const f = file();
    const waiting: boolean[] = [];
    const retried: number[] = [];
    const upload = await createMultipart(job(f), deps);
    const run = runMultipart(upload, f, deps, {
      onWaiting: (w) => waiting.push(w),
      onRetry: (n) => retried.push(n),
    });
    await vi.waitFor(() => expect(waiting).toEqual([true]));
    // Parts signed before the lapse went up; nothing completes while no one is signed in.
    expect(server.completed).toEqual([]);
    expect(signedBy).toEqual(['alice', 'alice', 'alice']);
    signIn('alice');
    const result = await run;
    expect(result.etag).toBe('etag-of-9');
    expect(waiting).toEqual([true, false]);
    expect(retried).toEqual([]);
    expect([...server.stored.values()].map((p) => p.text).join('')).toHaveLength(TEXT.length);
    expect(server.completed[0]!.map((p) => p.part_number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await deps.store.list()).toEqual([]);
  });

  it('stops when another user signs in, signs nothing with their session, and keeps its record', async () => {
    sessionStarted('alice');
    const { server, deps, signedBy, signIn } = lapsingConsole(4);
    const f = file();
    const waiting: boolean[] = [];
    const upload = await createMultipart(job(f), deps);
    const run = runMultipart(upload, f, deps, { onWaiting: (w) => waiting.push(w) });
    await vi.waitFor(() => expect(waiting).toEqual([true]));
    signIn('bob');
    await expect(run).rejects.toBeInstanceOf(SignedOutError);
    await expect(run).rejects.toThrow('Signed out: alice must sign in again to finish this upload.');
    expect(signedBy).not.toContain('bob');
    expect(server.completed).toEqual([]);
    // Alice can resume it later from this record; Bob cannot carry it on.
    expect((await deps.store.list()).map((u) => u.uploadId)).toEqual(['up-1']);
    const signCalls = server.signCalls.length;
    await expect(runMultipart(upload, f, deps)).rejects.toBeInstanceOf(SignedOutError);
    expect(server.signCalls.length).toBe(signCalls);
  });

  it('a refusal that comes back after the owner signed in again is simply made again', async () => {
    sessionStarted('alice');
    const gate = sessionGate('alice');
    const mark = gate.mark();
    endSession();
    sessionStarted('alice');
    // The call was made before the new session: no need to wait for another one.
    await expect(gate.renewed(mark)).resolves.toBeUndefined();
    expect(gate.ended(new ApiError(401, 'Unauthorized'))).toBe(true);
    expect(gate.ended(new ApiError(0, 'No answer'))).toBe(true);
    expect(gate.ended(new ApiError(403, 'Forbidden'))).toBe(false);
  });

  it('a cancel while waiting ends the wait', async () => {
    const gate = sessionGate('alice');
    const controller = new AbortController();
    endSession();
    const wait = gate.renewed(gate.mark(), controller.signal);
    controller.abort(new DOMException('cancelled', 'AbortError'));
    await expect(wait).rejects.toMatchObject({ name: 'AbortError' });
  });
});
