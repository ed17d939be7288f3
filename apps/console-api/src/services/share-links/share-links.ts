import type {
  CreateDropLinkRequest,
  DropLinkInfo,
  DropUploadForm,
  ShareLink,
  ShareLinkKind,
  ShareLinkList,
} from '@stowage/contract';
import { API_PREFIX } from '@stowage/contract';
import type { Credentials, PolicyDocument } from '@stowage/madmin';
import type { FastifyRequest } from 'fastify';
import { storageCall } from '../../clients/errors.js';
import { type StorageGateway, s3Client } from '../../clients/storage.js';
import type { ConsoleConfig } from '../../config.js';
import { ApiError } from '../../http/errors.js';
import { hasPermission } from '../../session/has-permission.js';
import type { Session } from '../../session/store.js';
import {
  type LinkRecord,
  type LinkRecords,
  type LinkRefusal,
  newLinkId,
  toShareLink,
} from './link-records.js';

// Managed share links: each link is a service account of its creator, narrowed to what the
// link allows and expiring with it, recorded (its secret sealed) in the console database.
// Revoking deletes the account on the server first, so the store itself refuses the link.

/** A limited link's redirect is a presigned GET this short: each download is counted once. */
export const SHARE_REDIRECT_SECONDS = 60;
/** The service account outlives its link a little, so a URL signed at the last second still works. */
const ACCOUNT_GRACE_MS = 60_000;

const REFUSED: Record<LinkRefusal, string> = {
  revoked: 'This link was revoked.',
  expired: 'This link has expired.',
  exhausted: 'This link has reached its download limit.',
};

interface MintRequest {
  kind: ShareLinkKind;
  bucket: string;
  path: string;
  versionId?: string | undefined;
  expiresAt: number;
  policy: PolicyDocument;
  downloadLimit?: number | undefined;
  sizeLimit?: number | undefined;
}

export class ShareLinks {
  constructor(
    private readonly gateway: StorageGateway,
    private readonly config: Pick<
      ConsoleConfig,
      'serverUrl' | 'region' | 'basePath' | 'publicServerUrl' | 'publicConsoleUrl'
    >,
    readonly records: LinkRecords,
    private readonly now: () => number = Date.now,
  ) {}

  /** A service account for the link (created by the session's user), recorded with its secret sealed. */
  async mint(session: Session, req: MintRequest): Promise<LinkRecord> {
    const id = newLinkId();
    const account = await storageCall(
      this.gateway.admin(session.credentials).serviceAccounts.add({
        policy: req.policy,
        comment: `${req.kind} link ${id} for ${req.bucket}/${req.path}`.slice(0, 256),
        expiration: new Date(req.expiresAt + ACCOUNT_GRACE_MS).toISOString(),
      }),
    );
    try {
      return this.records.add(
        {
          kind: req.kind,
          bucket: req.bucket,
          path: req.path,
          versionId: req.versionId,
          creator: session.accountAccessKey,
          expiresAt: req.expiresAt,
          accessKey: account.accessKey,
          secretKey: account.secretKey,
          downloadLimit: req.downloadLimit,
          sizeLimit: req.sizeLimit,
        },
        id,
      );
    } catch (err) {
      // A link that cannot be recorded could not be revoked: it must not exist either.
      await this.gateway
        .admin(session.credentials)
        .serviceAccounts.delete(account.accessKey)
        .catch(() => undefined);
      throw err;
    }
  }

  /**
   * What a recipient opens: the console's counting address for limited links, else a GET
   * presigned for `seconds` (the link's lifetime).
   */
  async downloadUrl(link: LinkRecord, request: FastifyRequest, seconds: number): Promise<string> {
    if (link.downloadLimit !== undefined) return `${this.consoleBase(request)}${API_PREFIX}/share/${link.id}`;
    return this.presignGet(link, seconds);
  }

  list(session: Session, offset: number, limit: number, request: FastifyRequest): ShareLinkList {
    const allUsers = mayManageAll(session);
    const page = this.records.page(allUsers ? undefined : session.accountAccessKey, offset, limit);
    return {
      links: page.links.map((link) => toShareLink(link, this.consoleUrl(link, request))),
      total: page.total,
      all_users: allUsers,
    };
  }

  /** Deletes the link's service account, then marks the row; an account already gone is no failure. */
  async revoke(session: Session, id: string): Promise<void> {
    const link = this.records.get(id);
    if (!link || (link.creator !== session.accountAccessKey && !mayManageAll(session)))
      throw new ApiError('notFound', `no share link ${id}`);
    if (link.revokedAt !== undefined) return;
    await storageCall(this.gateway.admin(session.credentials).serviceAccounts.delete(link.accessKey)).catch(
      (err: unknown) => {
        if (!(err instanceof ApiError && err.code === 'notFound')) throw err;
      },
    );
    this.records.markRevoked(id);
  }

  /** A limited link opened: counted, and answered with a short-lived presigned GET. */
  async open(id: string): Promise<string> {
    const link = this.live(id, 'download');
    if (!this.records.countDownload(link.id))
      throw refused(this.records.refusal(this.records.get(id)!) ?? 'exhausted');
    return this.presignGet(link, SHARE_REDIRECT_SECONDS);
  }

  async createDrop(
    session: Session,
    req: CreateDropLinkRequest,
    request: FastifyRequest,
  ): Promise<ShareLink> {
    // The bucket must exist and be the user's to write before anyone gets a link into it.
    const exists = await storageCall(this.gateway.s3(session.credentials).bucketExists(req.bucket));
    if (!exists) throw new ApiError('notFound', `bucket ${req.bucket} does not exist`);
    const link = await this.mint(session, {
      kind: 'drop',
      bucket: req.bucket,
      path: req.prefix,
      expiresAt: this.now() + req.expires_seconds * 1000,
      policy: dropPolicy(req.bucket, req.prefix),
      sizeLimit: req.size_limit,
    });
    return toShareLink(link, this.consoleUrl(link, request));
  }

  dropInfo(id: string): DropLinkInfo {
    const link = this.live(id, 'drop');
    return {
      bucket: link.bucket,
      prefix: link.path,
      expires: new Date(link.expiresAt).toISOString(),
      size_limit: link.sizeLimit ?? 1,
    };
  }

  /**
   * A POST policy for one file: its key under the prefix, its size within the limit, until the
   * link expires (or an hour, if sooner), signed by the link's account (PutObject on the prefix).
   */
  async presignDrop(id: string, name: string): Promise<DropUploadForm> {
    if (name === '.' || name === '..') throw new ApiError('badRequest', 'body/name is not a file name');
    const link = this.live(id, 'drop');
    const client = this.signer(link);
    const policy = client.newPostPolicy();
    policy.setBucket(link.bucket);
    policy.setKeyStartsWith(link.path);
    policy.setContentLengthRange(0, link.sizeLimit ?? 0);
    policy.setExpires(new Date(Math.min(link.expiresAt, this.now() + 3600_000)));
    const signed = await storageCall(client.presignedPostPolicy(policy));
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(signed.formData)) fields[k] = String(v);
    fields.key = link.path + name;
    return { url: signed.postURL, fields };
  }

  /** The console's own public address: the setting, else the host the request came to. */
  consoleBase(request: FastifyRequest): string {
    const origin =
      this.config.publicConsoleUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`;
    return origin + this.config.basePath;
  }

  private consoleUrl(link: LinkRecord, request: FastifyRequest): string | undefined {
    if (link.kind === 'drop') return `${this.consoleBase(request)}/drop/${link.id}`;
    if (link.downloadLimit !== undefined) return `${this.consoleBase(request)}${API_PREFIX}/share/${link.id}`;
    return undefined;
  }

  /** The link, when it is of that kind and may be used now; else the reason it may not. */
  private live(id: string, kind: ShareLinkKind): LinkRecord {
    const link = this.records.get(id);
    if (!link || link.kind !== kind)
      throw new ApiError('notFound', 'no such link', 'This link does not exist.');
    const why = this.records.refusal(link);
    if (why) throw refused(why);
    return link;
  }

  private presignGet(link: LinkRecord, seconds: number): Promise<string> {
    const params: Record<string, string> = link.versionId ? { versionId: link.versionId } : {};
    return storageCall(this.signer(link).presignedGetObject(link.bucket, link.path, seconds, params));
  }

  /** A client signing as the link's own account, for the host browsers reach. */
  private signer(link: LinkRecord) {
    const credentials: Credentials = { accessKey: link.accessKey, secretKey: link.secretKey() };
    return s3Client(this.config.publicServerUrl ?? this.config.serverUrl, this.config.region, credentials);
  }
}

function refused(why: LinkRefusal): ApiError {
  return new ApiError('forbidden', `share link ${why}`, REFUSED[why]);
}

/**
 * Every user's links are listed, and may be revoked, by a session that may list and remove other
 * users' service accounts (what revoking one needs on the server); others see their own.
 */
export function mayManageAll(session: Session): boolean {
  return (
    hasPermission(session.rules, 'admin:ListServiceAccounts') &&
    hasPermission(session.rules, 'admin:RemoveServiceAccount')
  );
}

export function dropPolicy(bucket: string, prefix: string) {
  return {
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow' as const, Action: ['s3:PutObject'], Resource: [`arn:aws:s3:::${bucket}/${prefix}*`] },
    ],
  };
}
