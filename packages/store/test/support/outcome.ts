import { MadminError, StsError } from '@stowage/madmin';

// Small helpers the admin and STS tests share.

/** "<status> <code>" of a rejected admin or STS call, "resolved" when it worked. */
export const code = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof MadminError || e instanceof StsError ? `${e.status} ${e.code}` : String(e)),
  );
