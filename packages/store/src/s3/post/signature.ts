import { createHmac } from 'node:crypto';
import { signingKey } from '@stowage/madmin';
import { sameSecret } from '../../crypto/same-secret.js';
import type { Identity } from '../../iam/credentials.js';
import { ApiError } from '../../wire/errors.js';
import { type AuthOptions, checkScope, identify, parseAmzDate, signatureMismatch } from '../auth/common.js';

// Who signed a browser form. The form carries its credentials and a signature of its base64
// policy, signed one of two ways, as S3 and MinIO accept: V4 (x-amz-credential, hex
// HMAC-SHA256 with the scope's signing key) or V2 (AWSAccessKeyId, base64 HMAC-SHA1 with the
// secret key itself). A form with none of these fields is anonymous: only what a bucket
// policy grants everyone lets it in.

/** The form's signer, and how it signed. */
export interface FormSigner {
  identity: Identity;
  /** When the signer says it signed (V4's x-amz-date); V2 states no time. */
  signedAt?: Date;
  version: 'v2' | 'v4';
}

const V2_FIELDS = ['awsaccesskeyid', 'signature'];
const V4_FIELDS = ['x-amz-algorithm', 'x-amz-credential', 'x-amz-date', 'x-amz-signature'];

/** A field the form must have: absent or empty, S3's InvalidArgument. */
export function requiredField(fields: ReadonlyMap<string, string>, name: string, shown = name): string {
  const v = fields.get(name);
  if (v === undefined || v === '')
    throw new ApiError('InvalidArgument', `Bucket POST must contain a field named '${shown}'.`);
  return v;
}

/** Checks the form's signature over its policy; undefined for a form that carries none. */
export function authenticateForm(
  fields: ReadonlyMap<string, string>,
  opts: AuthOptions,
): FormSigner | undefined {
  const v2 = V2_FIELDS.some((f) => fields.has(f));
  if (!v2 && !fields.has('policy') && !V4_FIELDS.some((f) => fields.has(f))) return undefined;
  return v2 ? signedV2(fields, opts) : signedV4(fields, opts);
}

function signedV2(fields: ReadonlyMap<string, string>, opts: AuthOptions): FormSigner {
  const accessKey = requiredField(fields, 'awsaccesskeyid', 'AWSAccessKeyId');
  const policy = requiredField(fields, 'policy');
  const given = requiredField(fields, 'signature');
  const identity = identify(accessKey, fields.get('x-amz-security-token'), opts);
  const expected = createHmac('sha1', identity.secretKey).update(policy).digest('base64');
  if (!sameSecret(expected, given)) throw signatureMismatch(opts, identity);
  return { identity, version: 'v2' };
}

function signedV4(fields: ReadonlyMap<string, string>, opts: AuthOptions): FormSigner {
  const algorithm = requiredField(fields, 'x-amz-algorithm');
  const credential = requiredField(fields, 'x-amz-credential').split('/');
  const amzDate = requiredField(fields, 'x-amz-date');
  const policy = requiredField(fields, 'policy');
  const given = requiredField(fields, 'x-amz-signature');
  if (algorithm !== 'AWS4-HMAC-SHA256')
    throw new ApiError('InvalidArgument', 'x-amz-algorithm only supports "AWS4-HMAC-SHA256"');
  // A form that names its signer badly is malformed (400), as MinIO answers it.
  if (credential.length < 5 || credential.at(-1) !== 'aws4_request')
    throw new ApiError(
      'AuthorizationQueryParametersError',
      'Error parsing the X-Amz-Credential parameter; the Credential is mal-formed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".',
    );
  const signedAt = parseAmzDate(amzDate);
  if (!signedAt)
    throw new ApiError('AuthorizationQueryParametersError', 'X-Amz-Date must be in the ISO8601 Long Format');
  const [date, region, service] = credential.slice(-4) as [string, string, string];
  const scope = { date, region, service };
  checkScope(scope, amzDate, opts, 'AuthorizationHeaderMalformed');
  const identity = identify(credential.slice(0, -4).join('/'), fields.get('x-amz-security-token'), opts);
  const expected = createHmac('sha256', signingKey(identity.secretKey, scope)).update(policy).digest('hex');
  if (!sameSecret(expected, given)) throw signatureMismatch(opts, identity);
  return { identity, signedAt, version: 'v4' };
}
