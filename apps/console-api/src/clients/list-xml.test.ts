import { describe, expect, test } from 'vitest';
import { parseListPage } from './list-xml.js';

const V2 = `<?xml version="1.0" encoding="UTF-8"?>
<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><Prefix>d%2F</Prefix>
<KeyCount>3</KeyCount><MaxKeys>2</MaxKeys><Delimiter>%2F</Delimiter><IsTruncated>true</IsTruncated>
<NextContinuationToken>tok&amp;en/+=</NextContinuationToken><EncodingType>url</EncodingType>
<Contents><Key>d%2Fa+b%26c%C3%A9.txt</Key><LastModified>2026-11-23T04:07:01.000Z</LastModified>
<ETag>&quot;9e107d9d372bb6826bd81d3542a419d6&quot;</ETag><Size>64</Size>
<Owner><ID>02d6176db174dc93cb1b899f7c6078f08654445fe8cf1b6ce98d8855f66bdbf4</ID><DisplayName>minio</DisplayName></Owner>
<StorageClass>STANDARD</StorageClass></Contents>
<Contents><Key>d%2Fempty</Key><LastModified>2026-11-23T04:07:02.000Z</LastModified><ETag>"d41d8cd98f00b204e9800998ecf8427e"</ETag><Size>0</Size><StorageClass/></Contents>
<CommonPrefixes><Prefix>d%2Fsub%2F</Prefix></CommonPrefixes>
</ListBucketResult>`;

const VERSIONS = `<?xml version="1.0" encoding="UTF-8"?>
<ListVersionsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><Prefix></Prefix><KeyMarker></KeyMarker>
<VersionIdMarker></VersionIdMarker><NextKeyMarker>notes%20v2.txt</NextKeyMarker><NextVersionIdMarker>v-2</NextVersionIdMarker>
<MaxKeys>2</MaxKeys><IsTruncated>true</IsTruncated>
<Version><Key>notes%20v2.txt</Key><VersionId>v-3</VersionId><IsLatest>false</IsLatest><LastModified>2026-11-23T01:00:00.000Z</LastModified><ETag>"abc"</ETag><Size>5</Size></Version>
<DeleteMarker><Key>notes%20v2.txt</Key><VersionId>v-4</VersionId><IsLatest>true</IsLatest><LastModified>2026-11-23T02:00:00.000Z</LastModified></DeleteMarker>
</ListVersionsResult>`;

describe('listing reader', () => {
  test('ListObjectsV2: url-encoded keys, entities, etags unquoted, nested owner ignored, folders', () => {
    const page = parseListPage(V2);
    expect(page.isTruncated).toBe(true);
    expect(page.nextContinuationToken).toBe('tok&en/+=');
    expect(page.entries).toEqual([
      {
        name: 'd/a b&cé.txt',
        lastModified: new Date('2026-11-23T04:07:01.000Z'),
        etag: '9e107d9d372bb6826bd81d3542a419d6',
        size: 64,
      },
      {
        name: 'd/empty',
        lastModified: new Date('2026-11-23T04:07:02.000Z'),
        etag: 'd41d8cd98f00b204e9800998ecf8427e',
        size: 0,
      },
      { prefix: 'd/sub/', size: 0 },
    ]);
  });

  test('ListObjectVersions: versions, delete markers and the next markers', () => {
    const page = parseListPage(VERSIONS);
    expect(page).toMatchObject({
      isTruncated: true,
      nextKeyMarker: 'notes v2.txt',
      nextVersionIdMarker: 'v-2',
    });
    expect(page.entries).toEqual([
      {
        name: 'notes v2.txt',
        versionId: 'v-3',
        isLatest: false,
        lastModified: new Date('2026-11-23T01:00:00.000Z'),
        etag: 'abc',
        size: 5,
      },
      {
        name: 'notes v2.txt',
        versionId: 'v-4',
        isLatest: true,
        isDeleteMarker: true,
        lastModified: new Date('2026-11-23T02:00:00.000Z'),
        size: 0,
      },
    ]);
  });

  test('numeric character references decode', () => {
    const page = parseListPage(
      '<ListBucketResult><IsTruncated>false</IsTruncated><Contents><Key>a%26b</Key><ETag>&#34;x&#x22;</ETag><Size>1</Size></Contents></ListBucketResult>',
    );
    expect(page.entries[0]).toMatchObject({ name: 'a&b', etag: 'x' });
  });

  test('anything but a complete listing is refused', () => {
    expect(() => parseListPage('<Error><Code>AccessDenied</Code></Error>')).toThrow(/unexpected document/);
    expect(() => parseListPage('<ListBucketResult><Contents><Key>a</Key>')).toThrow(/ended early/);
    expect(() => parseListPage('<ListBucketResult><Contents></Key></Contents></ListBucketResult>')).toThrow(
      /unbalanced/,
    );
    expect(() => parseListPage('')).toThrow(/ended early/);
  });

  test('a 1000-key page reads in one pass', () => {
    let xml = '<ListBucketResult><IsTruncated>false</IsTruncated>';
    for (let i = 0; i < 1000; i++)
      xml += `<Contents><Key>k${i}</Key><LastModified>2026-11-23T04:07:01.000Z</LastModified><ETag>"e"</ETag><Size>${i}</Size></Contents>`;
    const page = parseListPage(`${xml}</ListBucketResult>`);
    expect(page.entries).toHaveLength(1000);
    expect(page.entries[999]).toMatchObject({ name: 'k999', size: 999 });
  });
});
