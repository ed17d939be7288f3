import { EngineError, type EngineErrorCode } from '../engine/errors.js';
import { IamError, type IamErrorKind } from '../iam/errors.js';
import { IlmError, type IlmErrorKind } from '../ilm/errors.js';
import { ReplicationError, type ReplicationErrorKind } from '../replication/errors.js';
import { shownStatus } from '../replication/status.js';
import { TierError, type TierErrorKind } from '../tiers/errors.js';
import { ApiError, ERROR_CATALOGUE, type ErrorCode } from '../wire/errors.js';

// Where the domain's errors cross into the protocol: the engine, IAM, tiers, replication and
// lifecycle raise their own errors, and the protocol edge answers each with its catalogue code.

// Every engine error code is a catalogue code or renamed (checked by the compiler).
type Covers<T extends ErrorCode> = T;
export type EngineCodesCovered = Covers<Exclude<EngineErrorCode, keyof typeof RENAMED_CODES>>;

/** Engine codes that S3 names otherwise, with their S3 messages. */
const RENAMED_CODES = {
  InvalidVersionId: ['InvalidArgument', 'Invalid version id specified'],
  // A partNumber past the last part: 400 InvalidPart, as s3-tests expect of AWS (MinIO: 416
  // InvalidPartNumber).
  InvalidPartNumber: ['InvalidPart', 'The requested partnumber is not satisfiable'],
  XMinioInsufficientReadQuorum: ['SlowDownRead', ERROR_CATALOGUE.SlowDownRead.message],
  XMinioInsufficientWriteQuorum: ['SlowDownWrite', ERROR_CATALOGUE.SlowDownWrite.message],
} as const satisfies Partial<Record<EngineErrorCode, readonly [ErrorCode, string]>>;
const RENAMED: Partial<Record<EngineErrorCode, readonly [ErrorCode, string]>> = RENAMED_CODES;

/**
 * Engine errors share S3's code names; this is where they cross into the protocol. An
 * error about a delete marker carries the headers S3 sends with it.
 */
function fromEngineError(err: unknown): ApiError | undefined {
  if (!(err instanceof EngineError)) return undefined;
  const headers: Record<string, string> = {};
  // A key that is simply absent says so too (S3 does; s3-tests' delete_marker_nonversioned).
  if (err.detail.deleteMarker) headers['x-amz-delete-marker'] = 'true';
  else if (err.code === 'NoSuchKey') headers['x-amz-delete-marker'] = 'false';
  if (err.detail.versionId !== undefined) headers['x-amz-version-id'] = err.detail.versionId;
  if (err.detail.modTime !== undefined) headers['Last-Modified'] = err.detail.modTime.toUTCString();
  // MinIO's header for a delete marker's replication (PENDING/COMPLETED/FAILED, or REPLICA).
  const replication = err.detail.internal ? shownStatus(err.detail.internal) : undefined;
  if (replication) headers['x-minio-replication-deletemarker-status'] = replication;
  const context = Object.keys(headers).length > 0 ? { headers } : {};
  const renamed = RENAMED[err.code];
  if (renamed) return new ApiError(renamed[0], renamed[1], context);
  return new ApiError(err.code as ErrorCode, err.message === err.code ? undefined : err.message, context);
}

/** A domain error's wire code, and the status where MinIO answers the code with another. */
type WireCode = readonly [ErrorCode, { status: number }?];

const IAM_CODES: Record<IamErrorKind, WireCode> = {
  NoSuchUser: ['XMinioAdminNoSuchUser'],
  NoSuchGroup: ['XMinioAdminNoSuchGroup'],
  NoSuchPolicy: ['XMinioAdminNoSuchPolicy'],
  NoSuchServiceAccount: ['XMinioInvalidIAMCredentials', { status: 404 }],
  GroupNotEmpty: ['XMinioAdminGroupNotEmpty'],
  PolicyInUse: ['XMinioAdminPolicyInUse'],
  PolicyAlreadyAttached: ['XMinioPolicyAlreadyAttached'],
  PolicyNotAttached: ['XMinioPolicyNotAttached'],
  InvalidName: ['XMinioInvalidResource'],
  InvalidAccessKey: ['XMinioAdminInvalidAccessKey'],
  InvalidSecretKey: ['XMinioAdminInvalidSecretKey'],
  InvalidArgument: ['InvalidArgument'],
  ReservedCredentials: ['XMinioInvalidIAMCredentials'],
  UnknownAccessKey: ['InvalidAccessKeyId'],
  ActionNotAllowed: ['XMinioIAMActionNotAllowed'],
  PolicyMissingVersion: ['MalformedPolicy'],
  MalformedPolicy: ['XMinioMalformedIAMPolicy'],
};

const TIER_CODES: Record<TierErrorKind, WireCode> = {
  InvalidConfigVersion: ['XMinioAdminTierInvalidConfigVersion'],
  NameEmpty: ['XMinioAdminTierNameEmpty'],
  Reserved: ['XMinioAdminTierReserved'],
  InvalidConfig: ['XMinioAdminTierInvalidConfig'],
};

const REPLICATION_CODES: Record<ReplicationErrorKind, WireCode> = {
  BadTarget: ['XMinioAdminConfigBadJSON'],
  ArnInvalid: ['XMinioAdminRemoteArnInvalid'],
  ArnTypeInvalid: ['XMinioAdminRemoteArnTypeInvalid'],
  TargetNotFound: ['XMinioAdminRemoteTargetNotFoundError'],
};

const ILM_CODES: Record<IlmErrorKind, WireCode> = {
  TierUnreachable: ['XMinioBackendDown'],
  NotTransitioned: ['InvalidObjectState'],
  RestoreInProgress: ['RestoreAlreadyInProgress'],
  // Lifecycle expiry leaves a locked version; S3's own deletes answer AccessDenied too.
  VersionLocked: ['AccessDenied'],
};

function wireCodeOf(err: unknown): readonly [WireCode, string | undefined] | undefined {
  if (err instanceof IamError) return [IAM_CODES[err.kind], err.detail];
  if (err instanceof TierError) return [TIER_CODES[err.kind], err.detail];
  if (err instanceof ReplicationError) return [REPLICATION_CODES[err.kind], err.detail];
  if (err instanceof IlmError) return [ILM_CODES[err.kind], err.detail];
  return undefined;
}

/**
 * Where the domain's errors (engine, IAM, tiers, replication, lifecycle) cross into the
 * protocol: each becomes its catalogue error, anything else stays unknown.
 */
export function fromDomainError(err: unknown): ApiError | undefined {
  const wire = wireCodeOf(err);
  if (!wire) return fromEngineError(err);
  const [[code, context], detail] = wire;
  return new ApiError(code, detail, context ?? {});
}
