// The one catalogue of error codes the store answers with, S3, STS and admin alike:
// each code names its HTTP status and default message (texts follow MinIO/AWS so that
// clients which match on them keep working).
import { EngineError, type EngineErrorCode } from '../engine/errors.js';

interface ErrorSpec {
  readonly status: number;
  readonly message: string;
}

export const ERROR_CATALOGUE = {
  AccessDenied: { status: 403, message: 'Access Denied.' },
  AuthorizationHeaderMalformed: { status: 400, message: 'The authorization header is malformed.' },
  BadDigest: { status: 400, message: 'The Content-Md5 you specified did not match what we received.' },
  BucketAlreadyExists: {
    status: 409,
    message:
      'The requested bucket name is not available. The bucket namespace is shared by all users of the system. Please select a different name and try again.',
  },
  BucketAlreadyOwnedByYou: {
    status: 409,
    message: 'Your previous request to create the named bucket succeeded and you already own it.',
  },
  BucketNotEmpty: { status: 409, message: 'The bucket you tried to delete is not empty' },
  EntityTooLarge: { status: 400, message: 'Your proposed upload exceeds the maximum allowed object size.' },
  ExpiredToken: { status: 400, message: 'The provided token has expired.' },
  IncompleteBody: {
    status: 400,
    message: 'You did not provide the number of bytes specified by the Content-Length HTTP header.',
  },
  InternalError: { status: 500, message: 'We encountered an internal error, please try again.' },
  InvalidAccessKeyId: {
    status: 403,
    message: 'The Access Key Id you provided does not exist in our records.',
  },
  InvalidArgument: { status: 400, message: 'Invalid Argument' },
  InvalidBucketName: { status: 400, message: 'The specified bucket is not valid.' },
  InvalidLocationConstraint: { status: 400, message: 'The specified location-constraint is not valid' },
  InvalidDigest: { status: 400, message: 'The Content-Md5 you specified is not valid.' },
  InvalidParameterValue: {
    status: 400,
    message: 'An invalid or out-of-range value was supplied for the input parameter.',
  },
  InvalidRange: { status: 416, message: 'The requested range is not satisfiable' },
  InvalidRequest: { status: 400, message: 'Invalid Request' },
  InvalidTokenId: { status: 403, message: 'The security token included in the request is invalid' },
  InvalidURI: { status: 400, message: "Couldn't parse the specified URI." },
  KeyTooLongError: { status: 400, message: 'Your key is too long' },
  MalformedXML: {
    status: 400,
    message: 'The XML you provided was not well-formed or did not validate against our published schema.',
  },
  MethodNotAllowed: { status: 405, message: 'The specified method is not allowed against this resource.' },
  MissingContentLength: { status: 411, message: 'You must provide the Content-Length HTTP header.' },
  MissingParameter: {
    status: 400,
    message: 'A required parameter for the specified action is not supplied.',
  },
  MissingSecurityHeader: { status: 400, message: 'Your request was missing a required header' },
  NoSuchBucket: { status: 404, message: 'The specified bucket does not exist' },
  NoSuchKey: { status: 404, message: 'The specified key does not exist.' },
  NotImplemented: {
    status: 501,
    message: 'A header you provided implies functionality that is not implemented',
  },
  RequestTimeTooSkewed: {
    status: 403,
    message: "The difference between the request time and the server's time is too large.",
  },
  SignatureDoesNotMatch: {
    status: 403,
    message:
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  },
  XAmzContentSHA256Mismatch: {
    status: 400,
    message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
  },
  XMinioAdminVersionMismatch: {
    status: 426,
    message: "This 'admin' API is not supported by server in this mode.",
  },
  XMinioInvalidObjectName: { status: 400, message: 'Object name contains unsupported characters.' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

// Every engine error code must be a catalogue code (checked by the compiler).
type Covers<T extends ErrorCode> = T;
export type EngineCodesCovered = Covers<EngineErrorCode>;

export interface ErrorContext {
  bucket?: string;
  key?: string;
}

/** A protocol error with a catalogue code; any other thrown value becomes InternalError. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly context: ErrorContext;

  constructor(code: ErrorCode, message?: string, context: ErrorContext = {}) {
    const spec: ErrorSpec = ERROR_CATALOGUE[code];
    super(message ?? spec.message);
    this.name = 'ApiError';
    this.code = code;
    this.status = spec.status;
    this.context = context;
  }
}

/** Engine errors share S3's code names; this is where they cross into the protocol. */
export function fromEngineError(err: unknown): ApiError | undefined {
  if (err instanceof EngineError)
    return new ApiError(err.code, err.message === err.code ? undefined : err.message);
  return undefined;
}
