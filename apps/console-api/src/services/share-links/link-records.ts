import { randomBytes } from 'node:crypto';
import type { ShareLink, ShareLinkKind } from '@stowage/contract';
import type { ConsoleDatabase } from '../../db/database.js';

// The recorded share links, one row each in the console database. The service account's secret
// is sealed under the row's id before it is written and opened only to sign for the link.

interface Row {
  id: string;
  kind: ShareLinkKind;
  bucket: string;
  path: string;
  version_id: string | null;
  creator: string;
  created_at: number;
  expires_at: number;
  access_key: string;
  sealed_secret: string;
  download_limit: number | null;
  download_count: number;
  size_limit: number | null;
  revoked_at: number | null;
}

export interface NewLink {
  kind: ShareLinkKind;
  bucket: string;
  path: string;
  versionId?: string | undefined;
  creator: string;
  expiresAt: number;
  accessKey: string;
  secretKey: string;
  downloadLimit?: number | undefined;
  sizeLimit?: number | undefined;
}

/** A link as the console uses it: its row, and how to sign as its service account. */
export interface LinkRecord {
  id: string;
  kind: ShareLinkKind;
  bucket: string;
  path: string;
  versionId?: string;
  creator: string;
  createdAt: number;
  expiresAt: number;
  accessKey: string;
  downloadLimit?: number;
  downloadCount: number;
  sizeLimit?: number;
  revokedAt?: number;
  /** The service account's secret, opened from its sealed form on demand. */
  secretKey(): string;
}

/** Why a link cannot be used now; undefined when it can. */
export type LinkRefusal = 'revoked' | 'expired' | 'exhausted';

/** 16 random bytes, base64url: unguessable, and safe in a URL path. */
export function newLinkId(): string {
  return randomBytes(16).toString('base64url');
}

export class LinkRecords {
  constructor(
    private readonly db: ConsoleDatabase,
    private readonly now: () => number = Date.now,
  ) {}

  add(link: NewLink, id = newLinkId()): LinkRecord {
    this.db.sql.run(
      `INSERT INTO share_links (id, kind, bucket, path, version_id, creator, created_at, expires_at,
         access_key, sealed_secret, download_limit, size_limit)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        link.kind,
        link.bucket,
        link.path,
        link.versionId ?? null,
        link.creator,
        this.now(),
        link.expiresAt,
        link.accessKey,
        this.db.secrets.seal(link.secretKey, id),
        link.downloadLimit ?? null,
        link.sizeLimit ?? null,
      ],
    );
    return this.get(id)!;
  }

  get(id: string): LinkRecord | undefined {
    const row = this.db.sql.get<Row>('SELECT * FROM share_links WHERE id = ?', [id]);
    return row && this.record(row);
  }

  /** Newest first; `creator` undefined lists everyone's. */
  page(creator: string | undefined, offset: number, limit: number): { links: LinkRecord[]; total: number } {
    const where = creator === undefined ? '' : 'WHERE creator = ?';
    const args = creator === undefined ? [] : [creator];
    const rows = this.db.sql.all<Row>(
      `SELECT * FROM share_links ${where} ORDER BY created_at DESC, id LIMIT ? OFFSET ?`,
      [...args, limit, offset],
    );
    const total =
      this.db.sql.get<{ n: number }>(`SELECT count(*) AS n FROM share_links ${where}`, args)?.n ?? 0;
    return { links: rows.map((row) => this.record(row)), total: Number(total) };
  }

  markRevoked(id: string): void {
    this.db.sql.run('UPDATE share_links SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL', [
      this.now(),
      id,
    ]);
  }

  /** Why the link cannot be used now, if it cannot. */
  refusal(link: LinkRecord): LinkRefusal | undefined {
    if (link.revokedAt !== undefined) return 'revoked';
    if (link.expiresAt <= this.now()) return 'expired';
    if (link.downloadLimit !== undefined && link.downloadCount >= link.downloadLimit) return 'exhausted';
    return undefined;
  }

  /**
   * Counts one download when the link is live and under its limit, in one statement, so two
   * recipients at once can never both take the last download.
   */
  countDownload(id: string): boolean {
    const { changes } = this.db.sql.run(
      `UPDATE share_links SET download_count = download_count + 1
       WHERE id = ? AND revoked_at IS NULL AND expires_at > ?
         AND (download_limit IS NULL OR download_count < download_limit)`,
      [id, this.now()],
    );
    return changes === 1;
  }

  private record(row: Row): LinkRecord {
    const db = this.db;
    return {
      id: row.id,
      kind: row.kind,
      bucket: row.bucket,
      path: row.path,
      ...(row.version_id === null ? {} : { versionId: row.version_id }),
      creator: row.creator,
      createdAt: Number(row.created_at),
      expiresAt: Number(row.expires_at),
      accessKey: row.access_key,
      ...(row.download_limit === null ? {} : { downloadLimit: Number(row.download_limit) }),
      downloadCount: Number(row.download_count),
      ...(row.size_limit === null ? {} : { sizeLimit: Number(row.size_limit) }),
      ...(row.revoked_at === null ? {} : { revokedAt: Number(row.revoked_at) }),
      secretKey: () => db.secrets.open(row.sealed_secret, row.id),
    };
  }
}

/** The row as the API shows it: never the secret. */
export function toShareLink(link: LinkRecord, url?: string): ShareLink {
  return {
    id: link.id,
    kind: link.kind,
    bucket: link.bucket,
    path: link.path,
    ...(link.versionId === undefined ? {} : { version_id: link.versionId }),
    creator: link.creator,
    created: new Date(link.createdAt).toISOString(),
    expires: new Date(link.expiresAt).toISOString(),
    access_key: link.accessKey,
    ...(link.downloadLimit === undefined ? {} : { download_limit: link.downloadLimit }),
    download_count: link.downloadCount,
    ...(link.sizeLimit === undefined ? {} : { size_limit: link.sizeLimit }),
    ...(link.revokedAt === undefined ? {} : { revoked: new Date(link.revokedAt).toISOString() }),
    ...(url === undefined ? {} : { url }),
  };
}
