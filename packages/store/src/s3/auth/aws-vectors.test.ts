import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createContext } from '../../http/context.js';
import type { Identity } from '../../iam/credentials.js';
import { ApiError } from '../../wire/errors.js';
import { AwsChunkedDecoder } from './chunked.js';
import { verifyHeaderAuth } from './signature-v4.js';

// Test vectors from the AWS S3 SigV4 documentation ("Examples of signature calculations"
// and "Transferring payload in multiple chunks"), which use these example keys.
const AWS_KEY: Identity = {
  accessKey: 'AKIAIOSFODNN7EXAMPLE',
  secretKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  kind: 'root',
  parent: 'AKIAIOSFODNN7EXAMPLE',
};
const NOW = new Date('2013-05-24T00:00:00Z');
const opts = {
  service: 's3' as const,
  region: 'us-east-1',
  lookup: (ak: string) => (ak === AWS_KEY.accessKey ? AWS_KEY : undefined),
  now: NOW,
  client: '192.0.2.1',
  guard: { admit() {}, failed() {} },
};

function fakeRequest(method: string, url: string, headers: Record<string, string>): IncomingMessage {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    method,
    url,
    headers: lower,
    rawHeaders: Object.entries(headers).flat(),
  } as unknown as IncomingMessage;
}

describe('SigV4 header verification: AWS examples', () => {
  it('GET Object with a Range header', () => {
    const headers = {
      Host: 'examplebucket.s3.amazonaws.com',
      Range: 'bytes=0-9',
      'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      'x-amz-date': '20130524T000000Z',
      Authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    };
    const auth = verifyHeaderAuth(createContext(fakeRequest('GET', '/test.txt', headers), NOW), opts);
    expect(auth.identity.accessKey).toBe('AKIAIOSFODNN7EXAMPLE');
    const changed = fakeRequest('GET', '/test.txt', { ...headers, Range: 'bytes=0-8' });
    expect(() => verifyHeaderAuth(createContext(changed, NOW), opts)).toThrow(
      expect.objectContaining({ code: 'SignatureDoesNotMatch' }) as unknown as Error,
    );
  });

  it('a skewed clock is RequestTimeTooSkewed', () => {
    const req = fakeRequest('GET', '/test.txt', {
      Host: 'examplebucket.s3.amazonaws.com',
      'x-amz-date': '20130524T000000Z',
      Authorization:
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;x-amz-date,Signature=00',
    });
    const later = { ...opts, now: new Date(NOW.getTime() + 16 * 60_000) };
    expect(() => verifyHeaderAuth(createContext(req, later.now), later)).toThrow(
      expect.objectContaining({ code: 'RequestTimeTooSkewed' }) as unknown as Error,
    );
  });
});

const SEED = '4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9';
const CHUNK_SIGS = [
  'ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648',
  '0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497',
  'b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9',
];

function chunkedBody(sigs: string[]): Buffer {
  const parts: Buffer[] = [];
  for (const [size, sig] of [
    [65536, sigs[0]],
    [1024, sigs[1]],
    [0, sigs[2]],
  ] as const) {
    parts.push(
      Buffer.from(`${size.toString(16)};chunk-signature=${sig}\r\n`),
      Buffer.alloc(size, 'a'),
      Buffer.from('\r\n'),
    );
  }
  return Buffer.concat(parts);
}

async function decode(body: Buffer, decoder: AwsChunkedDecoder, pieceSize = 777): Promise<Buffer> {
  const pieces: Buffer[] = [];
  for (let i = 0; i < body.length; i += pieceSize) pieces.push(body.subarray(i, i + pieceSize));
  const out: Buffer[] = [];
  for await (const c of Readable.from(pieces).pipe(decoder)) out.push(c as Buffer);
  return Buffer.concat(out);
}

describe('aws-chunked decoding', () => {
  const signer = {
    secretKey: AWS_KEY.secretKey,
    scope: { date: '20130524', region: 'us-east-1', service: 's3' },
    amzDate: '20130524T000000Z',
    seedSignature: SEED,
  };

  it('verifies the chained chunk signatures of the AWS example (66560 bytes)', async () => {
    const body = chunkedBody(CHUNK_SIGS);
    expect(body.length).toBe(66824);
    const data = await decode(body, new AwsChunkedDecoder(signer));
    expect(data.equals(Buffer.alloc(66560, 'a'))).toBe(true);
  });

  it('refuses a chunk whose signature does not chain', async () => {
    const bad = chunkedBody([CHUNK_SIGS[0]!, CHUNK_SIGS[0]!, CHUNK_SIGS[2]!]);
    await expect(decode(bad, new AwsChunkedDecoder(signer))).rejects.toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
  });

  it('decodes unsigned chunks and collects trailers', async () => {
    const decoder = new AwsChunkedDecoder(undefined, 'x-amz-checksum-crc32');
    const body = Buffer.from('b\r\nstream data\r\n3\r\nabc\r\n0\r\nx-amz-checksum-crc32:YWa93g==\r\n\r\n');
    expect((await decode(body, decoder, 5)).toString()).toBe('stream dataabc');
    expect(decoder.trailers.get('x-amz-checksum-crc32')).toBe('YWa93g==');
  });

  it('refuses a truncated body', async () => {
    await expect(decode(Buffer.from('b\r\nstream'), new AwsChunkedDecoder())).rejects.toBeInstanceOf(
      ApiError,
    );
  });
});
