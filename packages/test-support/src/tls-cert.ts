import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** A fresh self-signed certificate for 127.0.0.1 (Debian's openssl), PEM. */
export async function selfSignedCert(): Promise<{ key: string; cert: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'stowage-cert-'));
  try {
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ]);
    return {
      key: await readFile(join(dir, 'key.pem'), 'utf8'),
      cert: await readFile(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
