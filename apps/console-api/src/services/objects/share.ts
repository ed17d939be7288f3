import type { FastifyRequest } from 'fastify';
import { storageCall } from '../../clients/errors.js';
import type { StorageGateway } from '../../clients/storage.js';
import { ApiError } from '../../http/errors.js';
import type { Session } from '../../session/store.js';
import type { ShareLinks } from '../share-links/share-links.js';
import { versionQuery } from './version.js';

// Share links outlive the session that made them: each is presigned with its own access key,
// created for the user, allowed only to read that one object, and expiring with the link; each
// is recorded (services/share-links), so it can be listed and revoked.

/** Spec 001 §9: share links last at most, and by default, 7 days. */
export const SHARE_MAX_SECONDS = 7 * 24 * 60 * 60;

const UNIT_SECONDS = { ms: 0.001, s: 1, m: 60, h: 3600 } as const;

/** Seconds in a Go-style duration (`604800000ms`, `168h`); the default is the maximum. */
export function shareSeconds(expires: string | undefined): number {
  if (expires === undefined) return SHARE_MAX_SECONDS;
  const m = expires.match(/^(\d+)(ms|s|m|h)$/);
  const seconds = m ? Math.floor(Number(m[1]) * UNIT_SECONDS[m[2] as keyof typeof UNIT_SECONDS]) : Number.NaN;
  if (!(seconds >= 1))
    throw new ApiError(
      'badRequest',
      'query/expires must be a positive duration',
      'Selected date must be greater than current time.',
    );
  if (seconds > SHARE_MAX_SECONDS) {
    throw new ApiError(
      'badRequest',
      'query/expires exceeds 7 days',
      'You can share a file only for less than 7 days.',
    );
  }
  return seconds;
}

export function readOnlyPolicy(bucket: string, key: string) {
  return {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow' as const, Action: ['s3:GetObject'], Resource: [`arn:aws:s3:::${bucket}/${key}`] },
    ],
  };
}

/** How long a link handed out stays the answer to the same question. */
const REUSE_MS = 60_000;

interface RecentLink {
  url: string;
  mintedAt: number;
  expiresAt: number;
}

/**
 * Links handed out in the last minute, per session. Asking again for the same object and about
 * the same expiry (a dialog opened twice, a page rendered again) gets the link already made,
 * not one more credential: each link is a service account on the server until it expires.
 */
export class RecentShareLinks {
  readonly #bySession = new WeakMap<object, Map<string, RecentLink>>();

  constructor(private readonly now: () => number = Date.now) {}

  find(owner: object, target: string, expiresAt: number): string | undefined {
    const links = this.live(owner);
    const link = links.get(target);
    return link && Math.abs(link.expiresAt - expiresAt) < REUSE_MS ? link.url : undefined;
  }

  remember(owner: object, target: string, expiresAt: number, url: string): void {
    this.live(owner).set(target, { url, mintedAt: this.now(), expiresAt });
  }

  /** The owner's links, those older than a minute dropped: the map never outgrows a minute's asks. */
  private live(owner: object): Map<string, RecentLink> {
    const links = this.#bySession.get(owner) ?? new Map<string, RecentLink>();
    this.#bySession.set(owner, links);
    const t = this.now();
    for (const [target, link] of links) if (t - link.mintedAt >= REUSE_MS) links.delete(target);
    return links;
  }
}

export async function shareObject(
  gateway: StorageGateway,
  links: ShareLinks,
  session: Session,
  request: FastifyRequest,
  bucket: string,
  key: string,
  opts: { versionId?: string | undefined; expires?: string | undefined; downloadLimit?: number | undefined },
  recent?: { links: RecentShareLinks; owner: object },
): Promise<string> {
  const seconds = shareSeconds(opts.expires);
  const target = JSON.stringify([bucket, key, opts.versionId ?? null, opts.downloadLimit ?? null]);
  const expiresAt = Date.now() + seconds * 1000;
  const reused = recent?.links.find(recent.owner, target, expiresAt);
  if (reused) return reused;
  // The object must exist and be readable by the user before a link is handed out.
  await storageCall(gateway.s3(session.credentials).statObject(bucket, key, versionQuery(opts.versionId)));
  const link = await links.mint(session, {
    kind: 'download',
    bucket,
    path: key,
    versionId: opts.versionId,
    expiresAt,
    policy: readOnlyPolicy(bucket, key),
    downloadLimit: opts.downloadLimit,
  });
  const url = await links.downloadUrl(link, request, seconds);
  recent?.links.remember(recent.owner, target, expiresAt, url);
  return url;
}
