import { isLoopback } from '../http/context.js';
import type { Identity } from '../iam/credentials.js';
import type { SignerGuard } from '../s3/auth/common.js';
import type { LoginAttempt, LoginThrottle } from './login-throttle.js';

// Guessing a secret key through signatures, slowed down by the one LoginThrottle of the
// store: the root user's secret is a chosen password (the console's too), and every signed
// request is an oracle for it. Root signing from this machine is never held back nor
// counted, so the operator always has a way in.

const isLocalRoot = (client: string, identity: Identity | undefined): boolean =>
  identity?.kind === 'root' && isLoopback(client);

/**
 * S3 and admin requests: wrong signatures count against the client's address only. A hold by
 * access key would let anyone who knows one (presigned URLs show it) stop the applications
 * that sign with it. An unknown access key guesses no secret, and is what every request of a
 * revoked session answers: a console whose sessions a password change or a directory check
 * ended would otherwise hold back its own address, and with it every user of the console.
 */
export function addressGuard(throttle: LoginThrottle): SignerGuard {
  return {
    admit(client, _accessKey, identity) {
      if (!isLocalRoot(client, identity)) throttle.admitAddress(client);
    },
    failed(client, accessKey, identity, err) {
      if (err.code === 'InvalidAccessKeyId') return;
      throttle.failed(
        {
          action: 'signed request',
          address: client,
          user: accessKey,
          exempt: isLocalRoot(client, identity),
          quiet: true,
        },
        err.message,
      );
    },
  };
}

/** AssumeRole's signer, as the throttle counts it: an access key that exists by its name too. */
export function assumeRoleAttempt(
  client: string,
  accessKey: string,
  identity: Identity | undefined,
): LoginAttempt {
  return {
    action: 'AssumeRole',
    address: client,
    user: accessKey,
    // An access key that does not exist counts against the address alone.
    ...(identity ? { name: `key:${accessKey}` } : {}),
    exempt: isLocalRoot(client, identity),
  };
}

/** STS AssumeRole: held back and counted per access key and per address, every failure logged. */
export function assumeRoleGuard(throttle: LoginThrottle): SignerGuard {
  return {
    admit: (client, accessKey, identity) => throttle.admit(assumeRoleAttempt(client, accessKey, identity)),
    failed: (client, accessKey, identity, err) =>
      throttle.failed(assumeRoleAttempt(client, accessKey, identity), err.message),
  };
}
