import { startTestStore, type TestStore } from '@stowage/test-support/store/harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boto3Installed, python as run } from './boto3.js';

// boto3 (Debian's python3-boto3), the Python SDK most scripts against MinIO are written in:
// its high-level transfer manager, paginators, resource collections and presigned URLs.

let t: TestStore;
beforeAll(async () => {
  t = await startTestStore();
});
afterAll(() => t.close());

const python = (script: string) => run(t, script);
const installed = boto3Installed;

describe('boto3', () => {
  it('is installed', installed);

  it('uploads and downloads through the transfer manager, in parts both ways', async () => {
    installed();
    const out = await python(`
s3.create_bucket(Bucket='pyt')
data = os.urandom(12 * 1024 * 1024 + 17)
src = os.path.join(os.environ['DIR'], 'big.bin')
open(src, 'wb').write(data)
tc = TransferConfig(multipart_threshold=5 * 1024 * 1024, multipart_chunksize=5 * 1024 * 1024, max_concurrency=4)
s3.upload_file(src, 'pyt', 'dir/big.bin', Config=tc, ExtraArgs={'Metadata': {'origin': 'boto3'}, 'ContentType': 'application/x-test'})
head = s3.head_object(Bucket='pyt', Key='dir/big.bin')
back = os.path.join(os.environ['DIR'], 'back.bin')
s3.download_file('pyt', 'dir/big.bin', back, Config=tc)
buf = io.BytesIO()
s3.download_fileobj('pyt', 'dir/big.bin', buf, Config=TransferConfig(max_concurrency=1))
print(json.dumps({
  'etag': head['ETag'], 'length': head['ContentLength'], 'type': head['ContentType'], 'meta': head['Metadata'],
  'same': open(back, 'rb').read() == data, 'sameObj': buf.getvalue() == data,
}))
`);
    expect(out).toEqual({
      etag: expect.stringMatching(/^"[0-9a-f]{32}-3"$/),
      length: 12 * 1024 * 1024 + 17,
      type: 'application/x-test',
      meta: { origin: 'boto3' },
      same: true,
      sameObj: true,
    });
  }, 180_000);

  it('pages with paginators and empties a versioned bucket through resource collections', async () => {
    installed();
    const out = await python(`
s3.create_bucket(Bucket='pyv')
s3.put_bucket_versioning(Bucket='pyv', VersioningConfiguration={'Status': 'Enabled'})
for i in range(25):
    s3.put_object(Bucket='pyv', Key='k/%02d' % i, Body=b'v1')
for i in range(5):
    s3.put_object(Bucket='pyv', Key='k/%02d' % i, Body=b'v2')
s3.delete_object(Bucket='pyv', Key='k/24')
keys = [o['Key'] for page in s3.get_paginator('list_objects_v2').paginate(Bucket='pyv', PaginationConfig={'PageSize': 7}) for o in page.get('Contents', [])]
pages = list(s3.get_paginator('list_object_versions').paginate(Bucket='pyv', PaginationConfig={'PageSize': 4}))
versions = sum(len(p.get('Versions', [])) for p in pages)
markers = sum(len(p.get('DeleteMarkers', [])) for p in pages)
prefixes = [p['Prefix'] for page in s3.get_paginator('list_objects').paginate(Bucket='pyv', Delimiter='/') for p in page.get('CommonPrefixes', [])]
res.Bucket('pyv').object_versions.delete()
left = s3.list_object_versions(Bucket='pyv')
res.Bucket('pyv').delete()
print(json.dumps({
  'keys': len(keys), 'sorted': keys == sorted(keys), 'versions': versions, 'markers': markers, 'prefixes': prefixes,
  'left': len(left.get('Versions', [])) + len(left.get('DeleteMarkers', [])),
  'gone': code(lambda: s3.head_bucket(Bucket='pyv')),
}))
`);
    expect(out).toEqual({
      keys: 24,
      sorted: true,
      versions: 30,
      markers: 1,
      prefixes: ['k/'],
      left: 0,
      gone: '404',
    });
  }, 120_000);

  it('copies, tags, deletes in bulk, presigns, and reports S3 error codes', async () => {
    installed();
    const out = await python(`
s3.create_bucket(Bucket='pyc')
s3.put_object(Bucket='pyc', Key='a b+c.txt', Body=b'hello boto3', Tagging='team=py')
s3.copy({'Bucket': 'pyc', 'Key': 'a b+c.txt'}, 'pyc', 'copy.txt')
s3.copy_object(Bucket='pyc', Key='replaced.txt', CopySource={'Bucket': 'pyc', 'Key': 'a b+c.txt'}, MetadataDirective='REPLACE', Metadata={'m': '1'}, TaggingDirective='REPLACE', Tagging='team=other')
tags = s3.get_object_tagging(Bucket='pyc', Key='replaced.txt')['TagSet']
url = s3.generate_presigned_url('get_object', Params={'Bucket': 'pyc', 'Key': 'a b+c.txt'}, ExpiresIn=300)
fetched = urllib.request.urlopen(url).read().decode()
put_url = s3.generate_presigned_url('put_object', Params={'Bucket': 'pyc', 'Key': 'presigned.txt'}, ExpiresIn=300)
urllib.request.urlopen(urllib.request.Request(put_url, data=b'via url', method='PUT')).read()
post = s3.generate_presigned_post('pyc', 'form.txt', ExpiresIn=300)
boundary = 'pyboundary'
parts = b''.join(b'--%s\\r\\nContent-Disposition: form-data; name="%s"\\r\\n\\r\\n%s\\r\\n' % (boundary.encode(), k.encode(), v.encode()) for k, v in post['fields'].items())
parts += b'--%s\\r\\nContent-Disposition: form-data; name="file"; filename="f.txt"\\r\\n\\r\\nvia form\\r\\n--%s--\\r\\n' % (boundary.encode(), boundary.encode())
posted = urllib.request.urlopen(urllib.request.Request(post['url'], data=parts, headers={'Content-Type': 'multipart/form-data; boundary=' + boundary})).status
deleted = s3.delete_objects(Bucket='pyc', Delete={'Objects': [{'Key': 'copy.txt'}, {'Key': 'missing'}], 'Quiet': False})['Deleted']
body = lambda k: s3.get_object(Bucket='pyc', Key=k)['Body'].read().decode()
print(json.dumps({
  'copy': code(lambda: s3.head_object(Bucket='pyc', Key='copy.txt')),
  'tags': tags, 'meta': s3.head_object(Bucket='pyc', Key='replaced.txt')['Metadata'],
  'fetched': fetched, 'presigned': body('presigned.txt'), 'posted': posted, 'form': body('form.txt'),
  'deleted': sorted(d['Key'] for d in deleted),
  'noKey': code(lambda: s3.get_object(Bucket='pyc', Key='missing')),
  'noBucket': code(lambda: s3.list_objects_v2(Bucket='nowhere')),
  'notEmpty': code(lambda: s3.delete_bucket(Bucket='pyc')),
  'badName': code(lambda: s3.create_bucket(Bucket='Bad_Name')),
}))
`);
    expect(out).toEqual({
      copy: '404',
      tags: [{ Key: 'team', Value: 'other' }],
      meta: { m: '1' },
      fetched: 'hello boto3',
      presigned: 'via url',
      posted: 204,
      form: 'via form',
      deleted: ['copy.txt', 'missing'],
      noKey: 'NoSuchKey',
      noBucket: 'NoSuchBucket',
      notEmpty: 'BucketNotEmpty',
      badName: 'InvalidBucketName',
    });
  }, 120_000);

  it('signs with Signature Version 2 too: headers, and the presigned URLs boto3 makes by default', async () => {
    installed();
    const out = await python(`
v2 = session.client('s3', endpoint_url=os.environ['ENDPOINT'], config=Config(signature_version='s3', s3={'addressing_style': 'path'}, retries={'max_attempts': 1}))
v2.create_bucket(Bucket='sigv2')
v2.put_object(Bucket='sigv2', Key='a b+c.txt', Body=b'v2 body', Metadata={'m': 'x'}, Tagging='t=1')
got = v2.get_object(Bucket='sigv2', Key='a b+c.txt')['Body'].read().decode()
up = v2.create_multipart_upload(Bucket='sigv2', Key='mp')['UploadId']
part = v2.upload_part(Bucket='sigv2', Key='mp', UploadId=up, PartNumber=1, Body=b'part')
v2.complete_multipart_upload(Bucket='sigv2', Key='mp', UploadId=up, MultipartUpload={'Parts': [{'PartNumber': 1, 'ETag': part['ETag']}]})
v2.put_bucket_tagging(Bucket='sigv2', Tagging={'TagSet': [{'Key': 'k', 'Value': 'v'}]})
v2.put_object(Bucket='sigv2', Key='gone', Body=b'x')
v2.delete_objects(Bucket='sigv2', Delete={'Objects': [{'Key': 'gone'}]})
listed = [o['Key'] for o in v2.list_objects_v2(Bucket='sigv2')['Contents']]
url = v2.generate_presigned_url('get_object', Params={'Bucket': 'sigv2', 'Key': 'a b+c.txt', 'ResponseContentType': 'text/x-v2'}, ExpiresIn=60)
res = urllib.request.urlopen(url)
presigned = [res.read().decode(), res.headers['content-type'], 'AWSAccessKeyId=' in url]
bad = url.replace('Signature=', 'Signature=A')
try:
    urllib.request.urlopen(bad)
    forged = 200
except urllib.error.HTTPError as e:
    forged = e.code
list_url = v2.generate_presigned_url('list_objects', Params={'Bucket': 'sigv2'}, ExpiresIn=60)
listing = urllib.request.urlopen(list_url).status
try:
    urllib.request.urlopen(list_url + '&events=s3%3AObjectCreated%3A%2A', timeout=10)
    streamed = 200
except urllib.error.HTTPError as e:
    streamed = [e.code, e.read().decode().split('<Code>')[1].split('<')[0]]
wrong = boto3.session.Session(aws_access_key_id=os.environ['KEY'], aws_secret_access_key='not-the-secret', region_name='us-east-1').client('s3', endpoint_url=os.environ['ENDPOINT'], config=Config(signature_version='s3', s3={'addressing_style': 'path'}, retries={'max_attempts': 1}))
print(json.dumps({'listed': listed, 'tags': v2.get_bucket_tagging(Bucket='sigv2')['TagSet'], 'got': got, 'mp': v2.get_object(Bucket='sigv2', Key='mp')['Body'].read().decode(), 'presigned': presigned, 'forged': forged, 'listing': listing, 'streamed': streamed, 'wrongSecret': code(lambda: wrong.list_objects_v2(Bucket='sigv2'))}))
`);
    expect(out).toEqual({
      listed: ['a b+c.txt', 'mp'],
      tags: [{ Key: 'k', Value: 'v' }],
      got: 'v2 body',
      mp: 'part',
      presigned: ['v2 body', 'text/x-v2', true],
      forged: 403,
      // A presigned listing, and the same URL with an unsigned &events= (a notification stream).
      listing: 200,
      streamed: [403, 'AccessDenied'],
      wrongSecret: 'SignatureDoesNotMatch',
    });
  }, 120_000);
});
