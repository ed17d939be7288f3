import { type Static, Type } from 'typebox';

/** Every console API error body, as spec 000 §8 reads it. */
export const ApiErrorBody = Type.Object(
  {
    message: Type.String(),
    detailedMessage: Type.String(),
  },
  { $id: 'ApiError' },
);
export type ApiErrorBody = Static<typeof ApiErrorBody>;

/**
 * The one catalogue of console API error codes. Services throw by code; the error handler turns
 * a code into its HTTP status and the body above.
 */
export const API_ERRORS = {
  invalidLogin: { status: 401, message: 'invalid Login' },
  sessionRequired: { status: 401, message: 'invalid session' },
  csrfMismatch: { status: 403, message: 'invalid CSRF token' },
  forbidden: { status: 403, message: 'access denied' },
  notFound: { status: 404, message: 'not found' },
  /** A route of the object store asked in operator mode, where sessions hold no store keys. */
  notInOperatorMode: { status: 404, message: 'not available in operator mode' },
  conflict: { status: 409, message: 'already exists' },
  badRequest: { status: 400, message: 'invalid request' },
  rangeNotSatisfiable: { status: 416, message: 'the requested range is not satisfiable' },
  tooManyRequests: { status: 429, message: 'too many failed logins' },
  /** The storage server does not offer what was asked (e.g. SSE-KMS on a store without a KMS). */
  notImplemented: { status: 501, message: 'the storage server does not support this' },
  /** Operator mode: the cluster has too few (schedulable) nodes for the tenant asked for. */
  clusterTooSmall: { status: 507, message: 'the cluster cannot host this tenant' },
  /** Operator mode: more nodes than schedulable, yet fewer than the cluster's workers. */
  nodesUnavailable: {
    status: 500,
    message: 'cannot request more nodes than what is available in the cluster',
  },
  /** Operator mode: a pool's drives cannot form MinIO erasure sets (get-parity). */
  noErasureSets: { status: 500, message: 'the drives cannot form erasure sets' },
  backendUnreachable: { status: 503, message: 'the storage server cannot be reached' },
  backendError: { status: 500, message: 'the storage server returned an error' },
  internal: { status: 500, message: 'internal error' },
  // Operator mode: the Kubernetes API server's answers (reference/operator.md §2.1).
  kubeUnauthorized: { status: 401, message: 'unauthorized' },
  kubeForbidden: { status: 403, message: 'forbidden' },
  /** A write based on an object someone else changed since it was read. */
  kubeConflict: { status: 409, message: 'the object was changed by someone else; reload it and try again' },
  kubeUnreachable: { status: 503, message: 'the Kubernetes API server cannot be reached' },
  kubeError: { status: 500, message: 'an error occurred, please try again' },
  /** Operator mode: a tenant's own MinIO (its `minio` Service) did not answer in time or at all. */
  tenantUnreachable: { status: 503, message: "the tenant's MinIO cannot be reached" },
  /** Operator mode: a tenant's own MinIO answered with an error, or cannot be asked. */
  tenantError: { status: 500, message: "the tenant's MinIO returned an error" },
  /** Operator mode's tenant proxy: the tenant's console did not answer, or not as it should. */
  tenantConsoleUnreachable: { status: 502, message: "the tenant's console cannot be reached" },
  /** Operator mode: a tenant's Service presented a certificate no trusted CA signed for it. */
  tenantCertificate: { status: 502, message: "the tenant's certificate is not trusted" },
  // Operator mode's SUBNET licence (reference/operator.md §2.1, §3.3).
  /** No licence, or one whose signature, claims or expiry do not hold. */
  licenseInvalid: { status: 404, message: 'the licence is missing or not valid' },
  /** SUBNET answered, but refused: wrong email or password, an unknown or revoked licence. */
  subnetRefused: { status: 502, message: 'SUBNET refused the request' },
  subnetUnreachable: { status: 503, message: 'SUBNET cannot be reached; try again later' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The failures any call with a session can answer: bad input, no session, denied, server down. */
export const CALL_ERRORS = {
  400: ApiErrorBody,
  401: ApiErrorBody,
  403: ApiErrorBody,
  500: ApiErrorBody,
  503: ApiErrorBody,
} as const;
