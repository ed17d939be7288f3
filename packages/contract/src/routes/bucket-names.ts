import { Type } from 'typebox';

// Path and query pieces shared by the bucket and object calls.

/** S3 bucket naming: 3-63 characters, lower case, digits, dots and hyphens, no edge punctuation. */
export const BucketName = Type.String({
  minLength: 3,
  maxLength: 63,
  pattern: '^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$',
});

export const BucketParams = Type.Object({ bucket: BucketName }, { additionalProperties: false });

/** An object key or folder prefix as the spec passes it (?prefix=), at most S3's 1024 bytes. */
export const ObjectPath = Type.String({ minLength: 1, maxLength: 1024 });

export const ObjectQuery = Type.Object(
  {
    prefix: ObjectPath,
    version_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
  },
  { additionalProperties: false },
);
