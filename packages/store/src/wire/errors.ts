// The one catalogue of error codes the store answers with, S3, STS and admin alike:
// each code names its HTTP status and default message (texts follow MinIO/AWS so that
// clients which match on them keep working).

interface ErrorSpec {
  readonly status: number;
  readonly message: string;
}

export const ERROR_CATALOGUE = {
  AccessDenied: { status: 403, message: 'Access Denied.' },
  AccessForbidden: { status: 403, message: 'CORSResponse: This CORS request is not allowed.' },
  AuthorizationHeaderMalformed: { status: 400, message: 'The authorization header is malformed.' },
  AuthorizationQueryParametersError: {
    status: 400,
    message:
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
  },
  BadRequest: { status: 400, message: 'Bad Request' },
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
  EntityTooSmall: {
    status: 400,
    message: 'Your proposed upload is smaller than the minimum allowed object size.',
  },
  ExpiredToken: { status: 400, message: 'The provided token has expired.' },
  IllegalVersioningConfigurationException: {
    status: 400,
    message: 'The versioning configuration specified in the request is invalid.',
  },
  IncompleteBody: {
    status: 400,
    message: 'You did not provide the number of bytes specified by the Content-Length HTTP header.',
  },
  IncorrectNumberOfFilesInPostRequest: {
    status: 400,
    message: 'POST requires exactly one file upload per request.',
  },
  InternalError: { status: 500, message: 'We encountered an internal error, please try again.' },
  InvalidAccessKeyId: {
    status: 403,
    message: 'The Access Key Id you provided does not exist in our records.',
  },
  InvalidArgument: { status: 400, message: 'Invalid Argument' },
  InvalidBucketName: { status: 400, message: 'The specified bucket is not valid.' },
  InvalidBucketState: {
    status: 409,
    message: 'The request is not valid with the current state of the bucket.',
  },
  InvalidDigest: { status: 400, message: 'The Content-Md5 you specified is not valid.' },
  InvalidLocationConstraint: { status: 400, message: 'The specified location-constraint is not valid' },
  InvalidObjectState: {
    status: 403,
    message: 'The operation is not valid for the current state of the object.',
  },
  InvalidParameterValue: {
    status: 400,
    message: 'An invalid or out-of-range value was supplied for the input parameter.',
  },
  InvalidPart: {
    status: 400,
    message:
      "One or more of the specified parts could not be found.  The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
  },
  InvalidPartOrder: {
    status: 400,
    message:
      'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
  },
  InvalidPolicyDocument: {
    status: 400,
    message: 'The content of the form does not meet the conditions specified in the policy document.',
  },
  InvalidRange: { status: 416, message: 'The requested range is not satisfiable' },
  InvalidPartNumber: { status: 416, message: 'The requested partnumber is not satisfiable' },
  InvalidRequest: { status: 400, message: 'Invalid Request' },
  InvalidRetentionPeriod: { status: 400, message: 'The retention period specified is not valid.' },
  InvalidStorageClass: { status: 400, message: 'Invalid storage class.' },
  InvalidTag: { status: 400, message: 'The tag provided was not a valid tag.' },
  InvalidTokenId: { status: 403, message: 'The security token included in the request is invalid' },
  InvalidURI: { status: 400, message: "Couldn't parse the specified URI." },
  KeyTooLongError: { status: 400, message: 'Your key is too long' },
  MalformedACLError: {
    status: 400,
    message: 'The XML you provided was not well-formed or did not validate against our published schema.',
  },
  MalformedPolicy: { status: 400, message: 'Policy has invalid resource.' },
  MalformedPOSTRequest: {
    status: 400,
    message: 'The body of your POST request is not well-formed multipart/form-data.',
  },
  MalformedTrailerError: {
    status: 400,
    message:
      'The request contained trailing data that was not well-formed or did not conform to our published schema.',
  },
  MissingRequestBodyError: { status: 400, message: 'Request Body is empty.' },
  MalformedXML: {
    status: 400,
    message: 'The XML you provided was not well-formed or did not validate against our published schema.',
  },
  MaxPostPreDataLengthExceededError: {
    status: 400,
    message: 'Your POST request fields preceding the upload file were too large.',
  },
  MetadataTooLarge: {
    status: 400,
    message: 'Your metadata headers exceed the maximum allowed metadata size.',
  },
  MethodNotAllowed: { status: 405, message: 'The specified method is not allowed against this resource.' },
  MissingContentLength: { status: 411, message: 'You must provide the Content-Length HTTP header.' },
  MissingParameter: {
    status: 400,
    message: 'A required parameter for the specified action is not supplied.',
  },
  MissingSecurityHeader: { status: 400, message: 'Your request was missing a required header' },
  NoSuchBucket: { status: 404, message: 'The specified bucket does not exist' },
  NoSuchBucketPolicy: { status: 404, message: 'The bucket policy does not exist' },
  NoSuchCORSConfiguration: { status: 404, message: 'The CORS configuration does not exist' },
  NoSuchKey: { status: 404, message: 'The specified key does not exist.' },
  NoSuchLifecycleConfiguration: { status: 404, message: 'The lifecycle configuration does not exist' },
  // MinIO answers 400 here, not 404.
  NoSuchObjectLockConfiguration: {
    status: 400,
    message: 'The specified object does not have a ObjectLock configuration.',
  },
  NoSuchTagSet: { status: 404, message: 'The TagSet does not exist' },
  NoSuchVersion: { status: 404, message: 'The specified version does not exist.' },
  NoSuchUpload: {
    status: 404,
    message:
      'The specified multipart upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  },
  /** A KMS key the KMS does not have (MinIO's ErrKMSKeyNotFoundException). */
  'KMS.NotFoundException': { status: 400, message: 'Invalid keyId' },
  NotImplemented: {
    status: 501,
    message: 'A header you provided implies functionality that is not implemented',
  },
  NotModified: { status: 304, message: 'Not Modified' },
  ObjectLockConfigurationNotFoundError: {
    status: 404,
    message: 'Object Lock configuration does not exist for this bucket',
  },
  PreconditionFailed: {
    status: 412,
    message: 'At least one of the pre-conditions you specified did not hold',
  },
  // AWS answers 400 here; Node's parser refuses the header section first, and its 431
  // (Request Header Fields Too Large) is kept as the more exact status.
  RequestHeaderSectionTooLarge: {
    status: 431,
    message: 'Your request header section exceeds the maximum allowed size.',
  },
  ReplicationConfigurationNotFoundError: {
    status: 404,
    message: 'The replication configuration was not found',
  },
  RequestTimeout: {
    status: 400,
    message:
      'Your socket connection to the server was not read from or written to within the timeout period. Idle connections will be closed.',
  },
  RequestTimeTooSkewed: {
    status: 403,
    message: "The difference between the request time and the server's time is too large.",
  },
  RestoreAlreadyInProgress: { status: 409, message: 'Object restore is already in progress' },
  ServerSideEncryptionConfigurationNotFoundError: {
    status: 404,
    message: 'The server side encryption configuration was not found',
  },
  SignatureDoesNotMatch: {
    status: 403,
    message:
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  },
  /** MinIO's answer when a request waited past api requests_deadline for a place. */
  TooManyRequests: { status: 429, message: 'Please reduce your request rate' },
  MaxVersionsExceeded: {
    status: 400,
    message: "You've exceeded the limit on the number of versions you can create on this object",
  },
  /** S3's throttling answer; STS gives it while failed logins hold a user or address back. */
  SlowDown: { status: 503, message: 'Please reduce your request rate.' },
  /** Too few drives answered to read (MinIO's errErasureReadQuorum): clients retry a 503. */
  SlowDownRead: { status: 503, message: 'Resource requested is unreadable, please reduce your request rate' },
  SlowDownWrite: {
    status: 503,
    message: 'Resource requested is unwritable, please reduce your request rate',
  },
  UnsupportedNotification: {
    status: 400,
    message: 'MinIO server does not support Topic or Cloud Function based notifications.',
  },
  XAmzContentSHA256Mismatch: {
    status: 400,
    message: "The provided 'x-amz-content-sha256' header does not match what was computed.",
  },
  XMinioAdminBucketQuotaExceeded: { status: 400, message: 'Bucket quota exceeded' },
  ReplicationDestinationNotFoundError: {
    status: 404,
    message: 'The replication destination bucket does not exist',
  },
  ReplicationSourceNotVersionedError: {
    status: 400,
    message: 'Replication source does not have versioning enabled',
  },
  RemoteTargetNotVersionedError: {
    status: 400,
    message: 'Replication target does not have versioning enabled',
  },
  XMinioAdminRemoteArnInvalid: {
    status: 400,
    message: 'The bucket remote ARN does not have correct format',
  },
  XMinioAdminRemoteArnTypeInvalid: { status: 400, message: 'The bucket remote ARN type is not valid' },
  XMinioAdminRemoteIdenticalToSource: {
    status: 400,
    message: 'The remote target cannot be identical to source',
  },
  XMinioAdminRemoteTargetNotFoundError: { status: 404, message: 'The remote target does not exist' },
  XMinioReplicationNoExistingObjects: { status: 400, message: 'No matching ExistingObjects rule enabled' },
  XMinioAdminRemoteRemoveDisallowed: {
    status: 400,
    message: 'This ARN is in use by an existing configuration',
  },
  XMinioAdminReplicationRemoteConnectionError: {
    status: 404,
    message: 'Remote service connection error - please check remote service credentials and target bucket',
  },
  XMinioAdminTierAlreadyExists: { status: 409, message: 'The tier name already exists' },
  XMinioAdminTierNotFound: { status: 404, message: 'The tier name does not exist' },
  XMinioAdminTierNameEmpty: { status: 400, message: 'The tier name cannot be empty' },
  XMinioAdminTierInvalidConfig: { status: 400, message: 'The tier configuration is not valid' },
  XMinioAdminTierInvalidConfigVersion: {
    status: 400,
    message: 'The tier configuration version is not supported',
  },
  XMinioAdminTierReserved: { status: 400, message: 'The tier name is reserved (STANDARD and RRS)' },
  XMinioAdminTierInvalidCredentials: { status: 400, message: 'Invalid remote tier credentials' },
  XMinioAdminTierBucketNotFound: { status: 400, message: 'The remote tier bucket was not found' },
  XMinioAdminConfigBadJSON: { status: 400, message: 'JSON configuration provided is of incorrect format' },
  XMinioAdminConfigTooLarge: {
    status: 400,
    message: 'Configuration data provided exceeds the allowed maximum of 256 KiB',
  },
  XMinioAdminGroupNotEmpty: { status: 400, message: 'The specified group is not empty - cannot remove it.' },
  XMinioAdminInvalidAccessKey: {
    status: 400,
    message: 'The access key is invalid: it must be 3 to 20 characters long.',
  },
  XMinioAdminInvalidSecretKey: {
    status: 400,
    message: 'The secret key is invalid: it must be 8 to 40 characters long.',
  },
  XMinioAdminNoSuchGroup: { status: 404, message: 'The specified group does not exist.' },
  XMinioAdminNoSuchPolicy: { status: 404, message: 'The canned policy does not exist.' },
  XMinioAdminNoSuchUser: { status: 404, message: 'The specified user does not exist.' },
  XMinioAdminPolicyInUse: {
    status: 400,
    message: 'The policy cannot be removed, as it is in use by a user or group.',
  },
  XMinioAdminNoSuchQuotaConfiguration: { status: 404, message: 'The quota configuration does not exist' },
  XMinioAdminVersionMismatch: {
    status: 426,
    message: "This 'admin' API is not supported by server in this mode.",
  },
  XMinioBackendDown: { status: 400, message: 'Remote backend is unreachable' },
  XMinioServerNotInitialized: { status: 503, message: 'Server not initialized, please try again.' },
  XMinioStorageFull: {
    status: 507,
    message:
      'Storage backend has reached its minimum free drive threshold. Please delete a few objects to proceed.',
  },
  XMinioConfigError: { status: 400, message: 'Error in the configuration.' },
  XMinioConfigNotFoundError: { status: 404, message: 'The configuration was not found.' },
  XMinioHealAlreadyRunning: { status: 400, message: 'Heal is already running on the given path.' },
  XMinioHealInvalidClientToken: { status: 400, message: 'Client token mismatch' },
  XMinioHealMissingBucket: {
    status: 400,
    message:
      'A heal start request with a non-empty object-prefix parameter requires a bucket to be specified.',
  },
  XMinioHealNoSuchProcess: { status: 400, message: 'No such heal process is running on the server' },
  XMinioHealOverlappingPaths: {
    status: 400,
    message: 'Heal is already running on a path that overlaps with the given path.',
  },
  XMinioIAMActionNotAllowed: { status: 403, message: 'Specified IAM action is not allowed' },
  XMinioInvalidIAMCredentials: { status: 403, message: 'The credentials are not valid for this action.' },
  XMinioInvalidObjectName: { status: 400, message: 'Object name contains unsupported characters.' },
  XMinioInvalidResource: {
    status: 400,
    message: 'The name is not valid: it must not begin or end with whitespace.',
  },
  XMinioMalformedIAMPolicy: { status: 400, message: 'The policy document is malformed.' },
  XMinioPolicyAlreadyAttached: { status: 409, message: 'The specified policy is already attached.' },
  XMinioPolicyNotAttached: { status: 404, message: 'The specified policy is not attached.' },
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export interface ErrorContext {
  bucket?: string;
  key?: string;
  /** Extra response headers the error carries (Content-Range on InvalidRange). */
  headers?: Record<string, string>;
  /** Where MinIO answers one code with two statuses (XMinioInvalidIAMCredentials: 403 or 404). */
  status?: number;
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
    this.status = context.status ?? spec.status;
    this.context = context;
  }
}
