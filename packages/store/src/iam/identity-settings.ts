import { configDuration } from '../config/duration.js';

// How the store holds external identities (LDAP, OpenID) to account, and how it slows down
// password guessing at its STS endpoints. Read from the environment at start; an embedding
// program (and a test) may set any of them in StoreOptions.identity instead.

export interface LoginThrottleSettings {
  /** Failed logins of one user name (or access key) within `windowMs` before it is held back. */
  failuresPerName: number;
  /** Failed logins from one source address within `windowMs` before it is held back. */
  failuresPerAddress: number;
  windowMs: number;
  /** The first hold; each further one while failures go on doubles, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** Names and addresses remembered at most (each table): the least recently seen go first. */
  maxEntries: number;
}

export interface IdentitySettings {
  /** How often every credential of an LDAP (or Keycloak) user is checked against its directory. */
  revalidateIntervalMs: number;
  /** How long a check of one user, made when its service account is used, is trusted. */
  checkCacheMs: number;
  /** The longest life of credentials from AssumeRoleWithLDAPIdentity and AssumeRoleWithWebIdentity. */
  stsMaxDurationSeconds: number;
  throttle: LoginThrottleSettings;
  /** The clock (milliseconds) of throttling and of the check cache, injectable for tests. */
  now: () => number;
}

/** Each setting's environment variable and default, as README.md documents them. */
const DURATIONS = {
  revalidateIntervalMs: ['STOWAGE_IDENTITY_REVALIDATE_INTERVAL', '5m'],
  checkCacheMs: ['STOWAGE_IDENTITY_CHECK_CACHE', '1m'],
  stsMaxDurationMs: ['STOWAGE_STS_MAX_DURATION', '12h'],
  windowMs: ['STOWAGE_STS_LOGIN_WINDOW', '15m'],
  backoffMs: ['STOWAGE_STS_LOGIN_BACKOFF', '1m'],
  maxBackoffMs: ['STOWAGE_STS_LOGIN_BACKOFF_MAX', '15m'],
} as const;
const COUNTS = {
  failuresPerName: ['STOWAGE_STS_LOGIN_FAILURES', 5],
  failuresPerAddress: ['STOWAGE_STS_LOGIN_FAILURES_PER_ADDRESS', 20],
  maxEntries: ['STOWAGE_STS_LOGIN_TRACKED', 10_000],
} as const;

/** STS credentials live at least 15 minutes (AWS, MinIO). */
const MIN_STS_SECONDS = 900;

function durationFrom(env: Record<string, string | undefined>, [name, fallback]: readonly [string, string]) {
  const raw = env[name] || fallback;
  const ms = configDuration(raw);
  if (ms === undefined || ms <= 0)
    throw new Error(`${name} must be a positive duration such as "5m", not "${raw}"`);
  return ms;
}

function countFrom(env: Record<string, string | undefined>, [name, fallback]: readonly [string, number]) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new Error(`${name} must be a whole number of at least 1, not "${raw}"`);
  return Number(raw);
}

/** Settings given in code, each over its environment variable. */
export type IdentityOptions = Partial<Omit<IdentitySettings, 'throttle'>> & {
  throttle?: Partial<LoginThrottleSettings>;
};

export function identitySettings(
  env: Record<string, string | undefined> = process.env,
  given: IdentityOptions = {},
): IdentitySettings {
  const stsMaxDurationSeconds =
    given.stsMaxDurationSeconds ?? Math.floor(durationFrom(env, DURATIONS.stsMaxDurationMs) / 1000);
  if (stsMaxDurationSeconds < MIN_STS_SECONDS)
    throw new Error(`${DURATIONS.stsMaxDurationMs[0]} must be at least 15m (AWS's shortest STS credentials)`);
  return {
    revalidateIntervalMs: given.revalidateIntervalMs ?? durationFrom(env, DURATIONS.revalidateIntervalMs),
    checkCacheMs: given.checkCacheMs ?? durationFrom(env, DURATIONS.checkCacheMs),
    stsMaxDurationSeconds,
    throttle: {
      failuresPerName: countFrom(env, COUNTS.failuresPerName),
      failuresPerAddress: countFrom(env, COUNTS.failuresPerAddress),
      windowMs: durationFrom(env, DURATIONS.windowMs),
      backoffMs: durationFrom(env, DURATIONS.backoffMs),
      maxBackoffMs: durationFrom(env, DURATIONS.maxBackoffMs),
      maxEntries: countFrom(env, COUNTS.maxEntries),
      ...given.throttle,
    },
    now: given.now ?? Date.now,
  };
}
