import { ApiError } from '../../wire/errors.js';
import { emptyReply, type Reply } from '../../wire/reply.js';
import { parseRequestXml, textOf } from '../../wire/xml-parse.js';
import type { S3Call, S3Deps } from '../call.js';
import type { S3Operation } from '../router.js';
import { readDocument } from './document-body.js';

// RestoreObject (POST ?restore): a local copy of a transitioned version for Days days. Only
// the plain restore is served; SELECT restores are not (S3 has retired them too).

const MAX_BODY = 64 * 1024;
/** S3's limit on a restore's days (a 32-bit count, as MinIO parses it). */
const MAX_DAYS = 2_147_483_647;

type RestoreOp = Extract<S3Operation, { op: 'RestoreObject' }>;

export function parseRestoreDays(body: Buffer): number {
  if (body.length === 0) throw new ApiError('MissingRequestBodyError');
  const doc = parseRequestXml(body, 'RestoreRequest');
  if (textOf(doc, 'Type') !== undefined)
    throw new ApiError('NotImplemented', 'SELECT restore requests are not supported');
  const text = textOf(doc, 'Days')?.trim() ?? '';
  const days = /^\d{1,10}$/.test(text) ? Number(text) : 0;
  if (days < 1 || days > MAX_DAYS)
    throw new ApiError('MalformedXML', 'restoration days should be at least 1');
  return days;
}

/**
 * 202 for a restore started (it runs in the background), 200 when a restored copy only had its
 * days moved (the S3 reference; MinIO answers the two the other way round).
 */
export async function restoreObject(deps: S3Deps, call: S3Call, op: RestoreOp): Promise<Reply> {
  const days = parseRestoreDays(await readDocument(call, MAX_BODY));
  const outcome = await deps.restore(op.bucket, op.key, op.versionId, days);
  return emptyReply(outcome === 'restored' ? 202 : 200);
}
