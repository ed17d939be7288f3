import { describe, expect, test } from 'vitest';
import { PeerExited, startPeer, waitUntil } from './peer-process.js';

// A real child process stands in for a peer: node printing lines, or exiting early.
const node = (script: string) => startPeer(process.execPath, ['-e', script]);

describe('peer processes', () => {
  test('line() resolves with the match once the peer prints it', async () => {
    const peer = node(
      "setTimeout(() => console.log('listening on 127.0.0.1:40123'), 50); setInterval(() => {}, 1000)",
    );
    try {
      const [, port] = await peer.line(/listening on 127\.0\.0\.1:(\d+)/);
      expect(port).toBe('40123');
    } finally {
      await peer.stop();
    }
  });

  test('line() and waitUntil fail as soon as the peer exits, with what it said', async () => {
    const early = node("console.error('bind: Address already in use'); process.exit(1)");
    await expect(early.line(/never/)).rejects.toThrow(PeerExited);
    await expect(early.line(/never/)).rejects.toThrow('Address already in use');
    const late = node("setTimeout(() => { console.error('gave up'); process.exit(3) }, 50)");
    await expect(waitUntil(late, () => Promise.reject(new Error('not yet')), 60_000)).rejects.toThrow(
      'gave up',
    );
  });

  test('waitUntil resolves once the check passes', async () => {
    const peer = node('setInterval(() => {}, 1000)');
    let calls = 0;
    try {
      await waitUntil(peer, async () => {
        if (++calls < 3) throw new Error('not yet');
      });
      expect(calls).toBe(3);
    } finally {
      await peer.stop();
    }
  });
});
