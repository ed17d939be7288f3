import * as s3sdk from '@aws-sdk/client-s3';
import {
  amzDate,
  canonicalHeaders,
  canonicalQuery,
  canonicalRequest,
  canonicalUri,
  presignUrl,
  signature,
  stringToSign,
  UNSIGNED_PAYLOAD,
} from '@stowage/madmin';
import { ROOT, startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boto3Installed, python } from './boto3.js';

// A presigned URL may carry x-amz-* headers in its query, signed with it: the AWS SDK's
// presigner hoists them there (metadata, tagging, storage class, encryption). S3 and MinIO
// take them as the headers they stand for.

const {
  CreateBucketCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  PutObjectCommand,
} = s3sdk;

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
  await t.s3.send(new CreateBucketCommand({ Bucket: 'links' }));
});
afterAll(() => t.close());

const presignedPut = (key: string, query: Record<string, string>) =>
  t.minio.presignedUrl('PUT', 'links', key, 600, query);

describe('presigned PUT with x-amz-* headers in its query', () => {
  it('stores the metadata, tags, storage class and encryption the query names', async () => {
    const url = await presignedPut('hoisted.txt', {
      'x-amz-meta-color': 'blue',
      'x-amz-tagging': 'team=web',
      'x-amz-storage-class': 'REDUCED_REDUNDANCY',
      'x-amz-server-side-encryption': 'AES256',
    });
    const res = await fetch(url, { method: 'PUT', body: 'hello' });
    expect(res.status).toBe(200);
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'links', Key: 'hoisted.txt' }));
    expect([head.Metadata, head.StorageClass, head.ServerSideEncryption]).toEqual([
      { color: 'blue' },
      'REDUCED_REDUNDANCY',
      'AES256',
    ]);
    const tags = await t.s3.send(new GetObjectTaggingCommand({ Bucket: 'links', Key: 'hoisted.txt' }));
    expect(tags.TagSet).toEqual([{ Key: 'team', Value: 'web' }]);
  });

  it('refuses an x-amz-* header the signature does not cover, and a query changed after signing', async () => {
    const url = await presignedPut('both.txt', { 'x-amz-meta-color': 'blue' });
    // An unsigned x-amz-* header is refused (it was not part of the signature)...
    const unsigned = await fetch(url, { method: 'PUT', body: 'x', headers: { 'x-amz-meta-color': 'red' } });
    expect(unsigned.status).toBe(403);
    // ...and so is a query value changed after signing.
    const changed = await fetch(url.replace('x-amz-meta-color=blue', 'x-amz-meta-color=red'), {
      method: 'PUT',
      body: 'x',
    });
    expect(changed.status).toBe(403);
    // Framing, copy sources and SSE-C keys in a query are not headers.
    const notHeaders = await presignedPut('not-headers.txt', {
      'x-amz-copy-source': '/links/hoisted.txt',
      'x-amz-server-side-encryption-customer-algorithm': 'AES256',
    });
    expect((await fetch(notHeaders, { method: 'PUT', body: 'own bytes' })).status).toBe(200);
    const own = await t.s3.send(new GetObjectCommand({ Bucket: 'links', Key: 'not-headers.txt' }));
    expect(await own.Body?.transformToString()).toBe('own bytes');
    const ok = await fetch(url, { method: 'PUT', body: 'x' });
    expect(ok.status).toBe(200);
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'links', Key: 'both.txt' }));
    expect(head.Metadata).toEqual({ color: 'blue' });
  });
});

/**
 * A presigned PUT that signs `x-amz-meta-color: <signedAs>` as a header, yet sends the
 * header's value as the query parameter of that name (`sentAs`).
 */
function signedHeaderInQuery(key: string, signedAs: string, sentAs: string): string {
  const url = new URL(`${t.store.url}/links/${key}`);
  const date = amzDate(new Date());
  const scope = { date: date.slice(0, 8), region: 'us-east-1', service: 's3' };
  const signed = ['host', 'x-amz-meta-color'];
  const q: [string, string][] = [
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${ROOT.accessKey}/${scope.date}/us-east-1/s3/aws4_request`],
    ['X-Amz-Date', date],
    ['X-Amz-Expires', '600'],
    ['X-Amz-SignedHeaders', signed.join(';')],
    ['x-amz-meta-color', signedAs],
  ];
  const creq = canonicalRequest({
    method: 'PUT',
    canonicalUri: canonicalUri(url.pathname),
    canonicalQuery: canonicalQuery(q),
    canonicalHeaders: canonicalHeaders({ host: url.host, 'x-amz-meta-color': signedAs }, signed),
    signedHeaders: signed,
    payloadHash: UNSIGNED_PAYLOAD,
  });
  q[5] = ['x-amz-meta-color', sentAs];
  q.push(['X-Amz-Signature', signature(ROOT.secretKey, scope, stringToSign(date, scope, creq))]);
  for (const [k, v] of q) url.searchParams.append(k, v);
  return url.toString();
}

describe('presigned PUT with a signed header sent in its query', () => {
  it("takes the header's value from the query parameter of its name, as MinIO does", async () => {
    const res = await fetch(signedHeaderInQuery('in-query.txt', 'green', 'green'), {
      method: 'PUT',
      body: 'x',
    });
    expect(res.status).toBe(200);
    const head = await t.s3.send(new HeadObjectCommand({ Bucket: 'links', Key: 'in-query.txt' }));
    expect(head.Metadata).toEqual({ color: 'green' });
    const forged = await fetch(signedHeaderInQuery('forged.txt', 'green', 'red'), {
      method: 'PUT',
      body: 'x',
    });
    expect(forged.status).toBe(403);
  });
});

describe('X-Amz-Expires out of range', () => {
  it('is refused with 403, as S3 answers boto3 URLs of 0, negative or over a week (s3-tests)', async () => {
    boto3Installed();
    await t.s3.send(new PutObjectCommand({ Bucket: 'links', Key: 'timed.txt', Body: 'x' }));
    const out = await python(
      t,
      `
import re
def fetch(expires):
    url = s3.generate_presigned_url('get_object', Params={'Bucket': 'links', 'Key': 'timed.txt'}, ExpiresIn=expires)
    try:
        return [urllib.request.urlopen(url).status]
    except urllib.error.HTTPError as e:
        body = e.read().decode()
        return [e.code, re.search('<Code>(.*)</Code>', body).group(1), re.search('<Message>(.*)</Message>', body).group(1)]
print(json.dumps({str(e): fetch(e) for e in [0, -7200, 604801, 609901, 3600]}))
`,
      { crt: false },
    );
    expect(out).toEqual({
      '0': [403, 'AccessDenied', 'Request has expired'],
      '-7200': [403, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be non-negative'],
      '604801': [
        403,
        'AuthorizationQueryParametersError',
        'X-Amz-Expires must be less than a week (in seconds); that is, the given X-Amz-Expires must be less than 604800 seconds',
      ],
      '609901': [
        403,
        'AuthorizationQueryParametersError',
        'X-Amz-Expires must be less than a week (in seconds); that is, the given X-Amz-Expires must be less than 604800 seconds',
      ],
      '3600': [200],
    });
  });
});

describe('a presigned credential scope that does not fit', () => {
  it('is AuthorizationQueryParametersError (400) naming what is wrong, as S3 answers', async () => {
    const regional = await startTestStore({ region: 'us-east-1' });
    try {
      await regional.s3.send(new CreateBucketCommand({ Bucket: 'scoped' }));
      const url = (over: { region?: string; service?: string } = {}) =>
        presignUrl({
          method: 'GET',
          url: new URL(`${regional.store.url}/scoped/k`),
          creds: ROOT,
          region: over.region ?? 'us-east-1',
          ...(over.service ? { service: over.service } : {}),
          expiresSeconds: 600,
        });
      const answer = async (u: URL) => {
        const res = await fetch(u);
        const body = await res.text();
        const text = (name: string) =>
          new RegExp(`<${name}>(.*)</${name}>`)
            .exec(body)?.[1]
            ?.replaceAll('&quot;', '"')
            .replaceAll('&apos;', "'");
        return [res.status, text('Code'), text('Message')];
      };
      const badDate = url();
      badDate.searchParams.set(
        'X-Amz-Credential',
        badDate.searchParams.get('X-Amz-Credential')!.replace(/\/\d{8}\//, '/2024-1-1/'),
      );
      const otherDay = url();
      otherDay.searchParams.set(
        'X-Amz-Credential',
        otherDay.searchParams.get('X-Amz-Credential')!.replace(/\/\d{8}\//, '/20200101/'),
      );
      expect({
        region: await answer(url({ region: 'eu-west-1' })),
        service: await answer(url({ service: 'iam' })),
        dateFormat: await answer(badDate),
        otherDay: await answer(otherDay),
      }).toEqual({
        region: [
          400,
          'AuthorizationQueryParametersError',
          "Error parsing the X-Amz-Credential parameter; the region 'eu-west-1' is wrong; expecting 'us-east-1'",
        ],
        service: [
          400,
          'AuthorizationQueryParametersError',
          'Error parsing the X-Amz-Credential parameter; incorrect service "iam". This endpoint belongs to "s3".',
        ],
        dateFormat: [
          400,
          'AuthorizationQueryParametersError',
          'Error parsing the X-Amz-Credential parameter; incorrect date format "2024-1-1". This date in the credential must be in the format "yyyyMMdd".',
        ],
        otherDay: [
          400,
          'AuthorizationQueryParametersError',
          'Invalid credential date. Date is not the same as X-Amz-Date.',
        ],
      });
      // boto3 presigning for another region gets the same answer.
      boto3Installed();
      const fromBoto = await python(
        regional,
        `
other = boto3.session.Session(aws_access_key_id=os.environ['KEY'], aws_secret_access_key=os.environ['SECRET'], region_name='eu-west-1').client('s3', endpoint_url=os.environ['ENDPOINT'], config=config)
try:
    urllib.request.urlopen(other.generate_presigned_url('get_object', Params={'Bucket': 'scoped', 'Key': 'k'}))
    print(json.dumps('ok'))
except urllib.error.HTTPError as e:
    print(json.dumps([e.code, e.read().decode().split('<Code>')[1].split('</Code>')[0]]))
`,
      );
      expect(fromBoto).toEqual([400, 'AuthorizationQueryParametersError']);
    } finally {
      await regional.close();
    }
  });
});
