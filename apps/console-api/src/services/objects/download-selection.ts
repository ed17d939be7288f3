import { randomBytes } from 'node:crypto';
import type { DownloadSelectionRequest, DownloadSelectionResponse } from '@stowage/contract';
import { MAX_ZIP_SELECTION, ZIP_TOKEN_SECONDS } from '@stowage/contract';
import type { Client as S3Client } from 'minio';
import { storageCall } from '../../clients/errors.js';
import { ApiError } from '../../http/errors.js';
import { contentDisposition, type ObjectDownload } from './download.js';
import { latestPage } from './list.js';
import { zipEntryName } from './zip-entry-name.js';
import { folderSources, type ZipSource, zipObjects } from './zip-objects.js';

// Several objects and folders of one listing as one ZIP. The POST checks the selection and
// names it with a token; the browser's own download then GETs the token's URL with the session
// cookie, so the ZIP streams to disk and the page never holds it (a form POST would need the
// CSRF token in the page's form, and a fetch would hold the bytes).

export interface Selection {
  prefix: string;
  /** Object keys and folders, in listing order, none inside another. */
  names: string[];
}

/**
 * The selection as asked, checked: every name under the listing's prefix, at most
 * MAX_ZIP_SELECTION of them; duplicates and names inside a selected folder are dropped (the
 * folder brings them).
 */
export function parseSelection(req: DownloadSelectionRequest): Selection {
  const { prefix } = req;
  if (prefix !== '' && !prefix.endsWith('/')) {
    throw new ApiError('badRequest', `prefix "${prefix}" is not a folder (it must end in /)`);
  }
  const count = req.keys.length + req.prefixes.length;
  if (count === 0) throw new ApiError('badRequest', 'select at least one object or folder to download');
  if (count > MAX_ZIP_SELECTION) {
    throw new ApiError(
      'badRequest',
      `a download can hold at most ${MAX_ZIP_SELECTION} selected objects and folders; ${count} were selected (select their folder instead)`,
    );
  }
  const under = (name: string) => name.startsWith(prefix) && name.length > prefix.length;
  for (const key of req.keys) {
    if (!under(key) || key.endsWith('/')) {
      throw new ApiError('badRequest', `"${key}" is not an object in "${prefix || '/'}"`);
    }
  }
  for (const folder of req.prefixes) {
    if (!under(folder) || !folder.endsWith('/')) {
      throw new ApiError('badRequest', `"${folder}" is not a folder in "${prefix || '/'}"`);
    }
  }
  const folders = [...new Set(req.prefixes)].sort();
  const outerFolders = folders.filter((f) => !folders.some((g) => g !== f && f.startsWith(g)));
  const inAFolder = (name: string) => outerFolders.some((f) => name.startsWith(f));
  const keys = [...new Set(req.keys)].filter((k) => !inAFolder(k));
  return { prefix, names: [...keys, ...outerFolders].sort() };
}

/** At most this many checks of a selection in flight against the storage server. */
const CHECKS_IN_FLIGHT = 8;

/**
 * Refuses, before any byte is sent, a selection the user cannot read: each key is looked up
 * (HeadObject needs GetObject, so a user without it gets the server's 403 here) and each folder
 * is listed (ListBucket). Objects inside folders are checked as they are read: one denied there
 * is named in the ZIP's download-errors.txt.
 */
export async function checkSelection(s3: S3Client, bucket: string, selection: Selection): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < selection.names.length) {
      const name = selection.names[next++] as string;
      const lookup: Promise<unknown> = name.endsWith('/')
        ? latestPage(s3, bucket, name, '', 1, undefined)
        : s3.statObject(bucket, name);
      await storageCall(lookup).catch((err: ApiError) => {
        throw new ApiError(err.code, `${name}: ${err.detailedMessage || err.message}`, err.message);
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CHECKS_IN_FLIGHT, selection.names.length) }, worker));
}

/** The selection's objects in listing order: a key as itself, a folder as everything under it. */
async function* selectionSources(
  s3: S3Client,
  bucket: string,
  selection: Selection,
): AsyncGenerator<ZipSource> {
  for (const name of selection.names) {
    if (name.endsWith('/')) yield* folderSources(s3, bucket, name, selection.prefix);
    else yield { key: name, name: zipEntryName(name.slice(selection.prefix.length)) };
  }
}

export function downloadSelection(s3: S3Client, bucket: string, selection: Selection): ObjectDownload {
  const folder = selection.prefix.replace(/\/+$/, '').split('/').pop() || bucket;
  return {
    status: 200,
    headers: {
      'content-type': 'application/zip',
      'content-disposition': contentDisposition(`${folder}.zip`, false),
    },
    body: zipObjects(s3, bucket, selectionSources(s3, bucket, selection)),
  };
}

interface Ticket {
  sessionId: string;
  bucket: string;
  selection: Selection;
  expiresAt: number;
}

/** Live tokens one session may hold; a newer one retires the oldest (bounds what a session can pin). */
export const TOKENS_PER_SESSION = 8;

/**
 * Selections named by short-lived tokens, in memory (a console restart ends downloads anyway).
 * A token works only for the session that made it, for its bucket, until it expires; it may be
 * used again until then, so the browser's own Retry of a failed download works.
 */
export class SelectionTokens {
  private readonly tickets = new Map<string, Ticket>();

  constructor(private readonly now: () => number = Date.now) {}

  mint(sessionId: string, bucket: string, selection: Selection): DownloadSelectionResponse {
    this.prune();
    const mine = [...this.tickets].filter(([, t]) => t.sessionId === sessionId);
    for (const [token] of mine.slice(0, Math.max(0, mine.length - TOKENS_PER_SESSION + 1))) {
      this.tickets.delete(token);
    }
    const token = randomBytes(18).toString('base64url');
    const expiresAt = this.now() + ZIP_TOKEN_SECONDS * 1000;
    this.tickets.set(token, { sessionId, bucket, selection, expiresAt });
    return { token, expires: new Date(expiresAt).toISOString() };
  }

  /** The selection a token names, for this session and bucket; 404 for any other token. */
  selection(token: string, sessionId: string, bucket: string): Selection {
    this.prune();
    const ticket = this.tickets.get(token);
    if (!ticket || ticket.sessionId !== sessionId || ticket.bucket !== bucket) {
      throw new ApiError(
        'notFound',
        'this download link has expired or belongs to another session; select the objects and download again',
      );
    }
    return ticket.selection;
  }

  private prune(): void {
    const now = this.now();
    for (const [token, ticket] of this.tickets) if (ticket.expiresAt <= now) this.tickets.delete(token);
  }
}
