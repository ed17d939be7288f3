import { rawRequest, sigV4Headers } from '@stowage/test-support/store/harness';

// An aws-chunked body with trailers and no chunk signatures (STREAMING-UNSIGNED-PAYLOAD-
// TRAILER), written by hand: the trailer and its declaration exactly as a test wants them.

export function unsignedTrailerPut(
  port: number,
  path: string,
  data: Buffer,
  declared: string | undefined,
  trailer: string | undefined,
) {
  const body = Buffer.concat([
    Buffer.from(`${data.length.toString(16)}\r\n`),
    data,
    Buffer.from(`\r\n0\r\n${trailer ? `${trailer}\r\n` : ''}\r\n`),
  ]);
  const headers = sigV4Headers(port, {
    method: 'PUT',
    path,
    payloadHash: 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
    headers: {
      'content-encoding': 'aws-chunked',
      'x-amz-decoded-content-length': String(data.length),
      ...(declared ? { 'x-amz-trailer': declared } : {}),
      'content-length': String(body.length),
    },
  });
  return rawRequest(port, 'PUT', path, headers, body);
}
