import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh self-signed certificate and key from openssl, each base64 of PEM as the wizard sends them. */
export function selfSignedPair(commonName: string): { crt: string; key: string; spkiSha256: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tenant-cert-'));
  try {
    const crt = join(dir, 'tls.crt');
    const key = join(dir, 'tls.key');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        crt,
        '-days',
        '1',
        '-subj',
        `/CN=${commonName}`,
      ],
      { stdio: 'pipe' },
    );
    const pub = execFileSync('openssl', ['x509', '-in', crt, '-pubkey', '-noout']);
    const der = execFileSync('openssl', ['pkey', '-pubin', '-outform', 'der'], { input: pub });
    const digest =
      execFileSync('openssl', ['dgst', '-sha256', '-r'], { input: der }).toString().split(' ')[0] ?? '';
    return {
      crt: readFileSync(crt).toString('base64'),
      key: readFileSync(key).toString('base64'),
      spkiSha256: digest.trim(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
