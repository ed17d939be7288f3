import { describe, expect, it } from 'vitest';
import { EngineError } from '../engine/errors.js';
import { ApiError } from '../wire/errors.js';
import { parseQuery } from '../wire/query.js';
import { parseS3Request, type S3Operation } from './router.js';

// Request lines from the AWS S3 API reference examples, in path-style form.
function parse(line: string, headers: Record<string, string> = {}): S3Operation {
  const [method, target] = line.split(' ') as [string, string];
  const q = target.indexOf('?');
  const path = decodeURIComponent(q < 0 ? target : target.slice(0, q));
  return parseS3Request({ method, path, query: q < 0 ? [] : parseQuery(target.slice(q + 1)), headers });
}

describe('parseS3Request: AWS documentation examples', () => {
  it('ListBuckets: GET /', () => {
    expect(parse('GET /')).toEqual({ op: 'ListBuckets' });
    expect(parse('GET /?prefix=a&max-buckets=3&continuation-token=t&bucket-region=us-east-1')).toEqual({
      op: 'ListBuckets',
      prefix: 'a',
      maxBuckets: 3,
      continuationToken: 't',
      bucketRegion: 'us-east-1',
    });
    expect(parse('GET /?prefix=a')).toEqual({ op: 'ListBuckets', prefix: 'a', maxBuckets: 10_000 });
  });

  it('CreateBucket, HeadBucket, DeleteBucket', () => {
    expect(parse('PUT /amzn-s3-demo-bucket')).toEqual({
      op: 'CreateBucket',
      bucket: 'amzn-s3-demo-bucket',
      objectLock: false,
    });
    expect(parse('HEAD /amzn-s3-demo-bucket')).toEqual({ op: 'HeadBucket', bucket: 'amzn-s3-demo-bucket' });
    expect(parse('DELETE /amzn-s3-demo-bucket/')).toEqual({
      op: 'DeleteBucket',
      bucket: 'amzn-s3-demo-bucket',
      force: false,
    });
  });

  it('GetBucketLocation: GET /?location', () => {
    expect(parse('GET /myBucket?location')).toEqual({ op: 'GetBucketLocation', bucket: 'myBucket' });
  });

  it('ListObjectsV2 with prefix, delimiter, start-after and continuation token', () => {
    expect(parse('GET /example-bucket?list-type=2&max-keys=3&prefix=E&start-after=ExampleGuide.pdf')).toEqual(
      {
        op: 'ListObjectsV2',
        bucket: 'example-bucket',
        prefix: 'E',
        delimiter: '',
        maxKeys: 3,
        startAfter: 'ExampleGuide.pdf',
      },
    );
    expect(
      parse(
        'GET /example-bucket?list-type=2&prefix=photos/2006/&delimiter=/&continuation-token=1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=',
      ),
    ).toMatchObject({
      op: 'ListObjectsV2',
      prefix: 'photos/2006/',
      delimiter: '/',
      maxKeys: 1000,
      continuationToken: '1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=',
    });
    expect(parse('GET /b?list-type=2&encoding-type=url&max-keys=5000')).toMatchObject({
      encodingType: 'url',
      maxKeys: 1000,
    });
  });

  it('ListObjects (v1): GET /?marker', () => {
    expect(parse('GET /quotes?prefix=N&marker=Ned&max-keys=40')).toEqual({
      op: 'ListObjects',
      bucket: 'quotes',
      prefix: 'N',
      delimiter: '',
      marker: 'Ned',
      maxKeys: 40,
    });
  });

  it('object operations keep the key verbatim, slashes and spaces included', () => {
    expect(parse('PUT /myBucket/my-image.jpg')).toEqual({
      op: 'PutObject',
      bucket: 'myBucket',
      key: 'my-image.jpg',
    });
    expect(parse('GET /bucket/photos/2006/My%20Summer.jpg')).toEqual({
      op: 'GetObject',
      bucket: 'bucket',
      key: 'photos/2006/My Summer.jpg',
      conditions: {},
      overrides: {},
    });
    expect(parse('HEAD /bucket/dir/')).toMatchObject({ op: 'HeadObject', bucket: 'bucket', key: 'dir/' });
    expect(parse('DELETE /bucket/my-second-image.jpg')).toEqual({
      op: 'DeleteObject',
      bucket: 'bucket',
      key: 'my-second-image.jpg',
      bypassGovernance: false,
    });
  });

  it('versioned operations carry the version id, part reads their part number', () => {
    const id = '3f0b0c9a-0000-4000-8000-000000000001';
    expect(parse(`DELETE /b/k?versionId=${id}`, { 'x-amz-bypass-governance-retention': 'true' })).toEqual({
      op: 'DeleteObject',
      bucket: 'b',
      key: 'k',
      versionId: id,
      bypassGovernance: true,
    });
    expect(parse(`GET /b/k?versionId=${id}&partNumber=3`)).toMatchObject({
      op: 'GetObject',
      versionId: id,
      partNumber: 3,
    });
    expect(() => parse('HEAD /b/k?versionId=')).toThrow(/cannot be the empty string/);
    expect(() => parse('DELETE /b/k?versionId=')).toThrow(/cannot be the empty string/);
    expect(() => parse('GET /b/k?partNumber=2', { range: 'bytes=0-1' })).toThrow(
      /both Range header and partNumber/,
    );
    expect(() => parse('GET /b/k?partNumber=0')).toThrow(/between 1 and 10000/);
  });

  it('object tags, retention and legal hold are object sub-resources of one version', () => {
    expect(parse('GET /b/k?tagging')).toEqual({
      op: 'GetObjectConfig',
      kind: 'tagging',
      bucket: 'b',
      key: 'k',
      bypassGovernance: false,
    });
    expect(
      parse('PUT /b/k?retention&versionId=null', { 'x-amz-bypass-governance-retention': 'True' }),
    ).toMatchObject({
      op: 'PutObjectConfig',
      kind: 'retention',
      versionId: 'null',
      bypassGovernance: true,
    });
    expect(parse('PUT /b/k?legal-hold')).toMatchObject({ op: 'PutObjectConfig', kind: 'legal-hold' });
    expect(parse('DELETE /b/k?tagging')).toMatchObject({ op: 'DeleteObjectConfig', kind: 'tagging' });
  });

  it('GetObject carries range, conditions and response-* overrides', () => {
    expect(
      parse('GET /b/k?response-content-type=text/plain&response-expires=x', {
        range: 'bytes=0-9',
        'if-none-match': '"abc"',
      }),
    ).toEqual({
      op: 'GetObject',
      bucket: 'b',
      key: 'k',
      range: { start: 0, end: 9 },
      conditions: { ifNoneMatch: ['abc'] },
      overrides: { 'content-type': 'text/plain', expires: 'x' },
    });
  });

  it('CopyObject and UploadPartCopy: x-amz-copy-source is URL-decoded, versionId kept', () => {
    expect(
      parse('PUT /b/k', {
        'x-amz-copy-source': '/src/dir/my%20file%E2%98%83?versionId=v1',
        'x-amz-metadata-directive': 'REPLACE',
        'x-amz-copy-source-if-match': '"e"',
      }),
    ).toEqual({
      op: 'CopyObject',
      bucket: 'b',
      key: 'k',
      source: { bucket: 'src', key: 'dir/my file☃', versionId: 'v1' },
      conditions: { ifMatch: ['e'] },
      metadataDirective: 'REPLACE',
      taggingDirective: 'COPY',
    });
    expect(
      parse('PUT /b/k?partNumber=2&uploadId=abc', {
        'x-amz-copy-source': 'src/k',
        'x-amz-copy-source-range': 'bytes=0-99',
      }),
    ).toMatchObject({ op: 'UploadPartCopy', uploadId: 'abc', partNumber: 2, range: { start: 0, end: 99 } });
  });

  it('multipart operations', () => {
    expect(parse('POST /b/example-object?uploads')).toEqual({
      op: 'CreateMultipartUpload',
      bucket: 'b',
      key: 'example-object',
    });
    expect(parse('PUT /b/k?partNumber=1&uploadId=abc')).toMatchObject({ op: 'UploadPart', partNumber: 1 });
    expect(parse('DELETE /b/k?uploadId=x')).toMatchObject({ op: 'AbortMultipartUpload', uploadId: 'x' });
    expect(parse('POST /b/k?uploadId=x')).toMatchObject({ op: 'CompleteMultipartUpload', uploadId: 'x' });
    expect(parse('GET /b/k?uploadId=x&max-parts=2&part-number-marker=1')).toMatchObject({
      op: 'ListParts',
      maxParts: 2,
      partNumberMarker: 1,
    });
    expect(parse('GET /b?uploads&prefix=p&max-uploads=3')).toMatchObject({
      op: 'ListMultipartUploads',
      prefix: 'p',
      maxUploads: 3,
    });
  });

  it('bucket sub-resources kept as documents', () => {
    expect(parse('GET /b?versioning')).toEqual({ op: 'GetBucketConfig', bucket: 'b', kind: 'versioning' });
    expect(parse('PUT /b?policy')).toEqual({ op: 'PutBucketConfig', bucket: 'b', kind: 'policy' });
    expect(parse('DELETE /b?lifecycle')).toEqual({
      op: 'DeleteBucketConfig',
      bucket: 'b',
      kind: 'lifecycle',
    });
    expect(parse('GET /b?object-lock')).toMatchObject({ kind: 'object-lock' });
    expect(parse('GET /b?policyStatus')).toEqual({ op: 'GetBucketPolicyStatus', bucket: 'b' });
    expect(parse('POST /b?delete')).toEqual({ op: 'DeleteObjects', bucket: 'b' });
    expect(parse('PUT /b', { 'x-amz-bucket-object-lock-enabled': 'true' })).toEqual({
      op: 'CreateBucket',
      bucket: 'b',
      objectLock: true,
    });
  });

  it('OPTIONS anywhere in a bucket is CORS preflight', () => {
    expect(parse('OPTIONS /b/any/key')).toEqual({ op: 'CorsPreflight', bucket: 'b' });
  });

  it('recognised but unserved operations carry their AWS action name', () => {
    expect(parse('GET /b?website')).toEqual({ op: 'NotImplemented', name: 'GetBucketWebsite', bucket: 'b' });
    expect(parse('GET /b/k?torrent')).toMatchObject({ name: 'GetObjectTorrent' });
  });
});

describe('parseS3Request: refusals', () => {
  const codeOf = (fn: () => unknown): string => {
    try {
      fn();
    } catch (err) {
      if (err instanceof ApiError || err instanceof EngineError) return err.code;
    }
    return 'none';
  };

  it('unknown methods are MethodNotAllowed', () => {
    expect(codeOf(() => parse('PATCH /b/k'))).toBe('MethodNotAllowed');
    expect(codeOf(() => parse('PUT /'))).toBe('MethodNotAllowed');
  });

  it('bad part numbers, copy sources and directives are InvalidArgument', () => {
    expect(codeOf(() => parse('PUT /b/k?partNumber=0&uploadId=a'))).toBe('InvalidArgument');
    expect(codeOf(() => parse('PUT /b/k?partNumber=10001&uploadId=a'))).toBe('InvalidArgument');
    expect(codeOf(() => parse('PUT /b/k', { 'x-amz-copy-source': 'nokey' }))).toBe('InvalidArgument');
    expect(
      codeOf(() => parse('PUT /b/k', { 'x-amz-copy-source': 'a/b', 'x-amz-metadata-directive': 'MOVE' })),
    ).toBe('InvalidArgument');
  });

  it('bad max-keys and encoding-type are InvalidArgument', () => {
    expect(codeOf(() => parse('GET /b?list-type=2&max-keys=-1'))).toBe('InvalidArgument');
    expect(codeOf(() => parse('GET /b?encoding-type=base64'))).toBe('InvalidArgument');
  });

  it('keys that are too long or could escape are refused', () => {
    expect(codeOf(() => parse(`PUT /b/${'k'.repeat(1025)}`))).toBe('KeyTooLongError');
    expect(codeOf(() => parse(`PUT /b/${'é'.repeat(513)}`))).toBe('KeyTooLongError');
    expect(codeOf(() => parse('PUT /b/../../etc/passwd'))).toBe('XMinioInvalidObjectName');
    expect(codeOf(() => parse('GET /b/a/./b'))).toBe('XMinioInvalidObjectName');
    expect(codeOf(() => parse('PUT /b/a%00b'))).toBe('XMinioInvalidObjectName');
    expect(parse(`PUT /b/${'k'.repeat(1024)}`)).toMatchObject({ op: 'PutObject' });
  });
});
