import {
  type AccountInfo,
  type AssumedCredentials,
  assumeRole,
  assumeRoleWithLdapIdentity,
  assumeRoleWithWebIdentity,
  type Credentials,
  MadminClient,
} from '@stowage/madmin';
import { Client as S3Client } from 'minio';
import { type ListenOptions, listenBucketNotification, type S3EventRecord } from './listen.js';
import { retryReadsOnce } from './retry-fetch.js';

export interface TemporaryCredentials extends Credentials {
  sessionToken: string;
  expiration: Date;
}

/**
 * The console's only way to the storage server: over the wire, as it would talk to a real
 * MinIO. Services depend on this interface, so route tests can swap the server, not the code.
 */
export interface StorageGateway {
  /**
   * Logins. `client` is the browser's address, sent on as X-Forwarded-For: a server that
   * trusts the console as a proxy counts failed logins per browser, not all against the console.
   */
  assumeRole(user: Credentials, durationSeconds: number, client?: string): Promise<TemporaryCredentials>;
  /** A directory user's name and password; the server checks them against its LDAP. */
  assumeRoleWithLdap(
    username: string,
    password: string,
    durationSeconds: number,
    client?: string,
  ): Promise<TemporaryCredentials>;
  /** An OpenID provider's id_token; the server checks its signature and claims. */
  assumeRoleWithWebIdentity(
    idToken: string,
    durationSeconds: number,
    client?: string,
  ): Promise<TemporaryCredentials>;
  accountInfo(session: Credentials): Promise<AccountInfo>;
  /** The admin API, signed with the session's own credentials (the server enforces them). */
  admin(session: Credentials): MadminClient;
  /** An S3 client signed with the session's credentials. */
  s3(session: Credentials): S3Client;
  /** A bucket's live object events, until the signal aborts. */
  listen(session: Credentials, bucket: string, opts: ListenOptions): AsyncGenerator<S3EventRecord>;
}

/**
 * The browser's address for a login relayed to the server, and the token that proves the relay
 * to a store started with it (`stowage start`); other servers ignore both or, like a store that
 * lists the console among its trusted proxies, believe the address alone.
 */
function relaying(client: string | undefined, relayToken: string | undefined) {
  if (!client) return {};
  return {
    relayHeaders: { 'x-forwarded-for': client, ...(relayToken ? { 'x-stowage-relay': relayToken } : {}) },
  };
}

export function createStorageGateway(serverUrl: string, region: string, relayToken?: string): StorageGateway {
  const relayedFor = (client: string | undefined) => relaying(client, relayToken);
  return {
    async assumeRole(user, durationSeconds, client) {
      return temporary(
        await assumeRole({
          endpoint: serverUrl,
          credentials: user,
          durationSeconds,
          region,
          ...relayedFor(client),
        }),
      );
    },
    async assumeRoleWithLdap(username, password, durationSeconds, client) {
      return temporary(
        await assumeRoleWithLdapIdentity({
          endpoint: serverUrl,
          username,
          password,
          durationSeconds,
          ...relayedFor(client),
        }),
      );
    },
    async assumeRoleWithWebIdentity(token, durationSeconds, client) {
      return temporary(
        await assumeRoleWithWebIdentity({
          endpoint: serverUrl,
          token,
          durationSeconds,
          ...relayedFor(client),
        }),
      );
    },
    accountInfo(session) {
      return this.admin(session).accountInfo();
    },
    admin(session) {
      return new MadminClient({
        endpoint: serverUrl,
        credentials: session,
        userAgent: 'Stowage Console',
        fetch: retryReadsOnce(),
      });
    },
    listen(session, bucket, opts) {
      return listenBucketNotification(serverUrl, region, session, bucket, opts);
    },
    s3(session) {
      return s3Client(serverUrl, region, session);
    },
  };
}

/**
 * An S3 client on `serverUrl` signed with `session`. Presigned URLs name the host of the client
 * that signs them, so links for browsers are signed by a client on the server's external address.
 */
export function s3Client(serverUrl: string, region: string, session: Credentials): S3Client {
  const url = new URL(serverUrl);
  const useSSL = url.protocol === 'https:';
  return new S3Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: session.accessKey,
    secretKey: session.secretKey,
    ...(session.sessionToken ? { sessionToken: session.sessionToken } : {}),
    region,
    pathStyle: true,
  });
}

/** For route files: the admin client signed with a session's credentials. */
export const adminFor =
  (gateway: StorageGateway) =>
  (session: { credentials: Credentials }): MadminClient =>
    gateway.admin(session.credentials);

function temporary(c: AssumedCredentials): TemporaryCredentials {
  return {
    accessKey: c.accessKey,
    secretKey: c.secretKey,
    sessionToken: c.sessionToken,
    expiration: c.expiration,
  };
}
