import { createServer } from 'node:net';
import { MadminError, StsError } from '@stowage/madmin';

// Small helpers the admin and STS tests share.

/** "<status> <code>" of a rejected admin or STS call, "resolved" when it worked. */
export const code = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof MadminError || e instanceof StsError ? `${e.status} ${e.code}` : String(e)),
  );

/** A free TCP port on 127.0.0.1, for a peer server a test starts. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
