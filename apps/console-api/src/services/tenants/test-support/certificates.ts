import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPair {
  /** base64 of the PEM files, as the wizard sends them. */
  crt: string;
  key: string;
  pem: Buffer;
  /** SHA-256 (hex) of the SubjectPublicKeyInfo, computed by openssl: KES's identity. */
  spkiSha256: string;
}

/** A fresh self-signed certificate and key from openssl. */
export function selfSignedPair(
  commonName: string,
  options: { days?: number; serial?: number; subjectAltName?: string } = {},
): TestPair {
  const dir = mkdtempSync(join(tmpdir(), 'tenant-cert-'));
  try {
    const crt = join(dir, 'tls.crt');
    const key = join(dir, 'tls.key');
    const extra = [
      ...(options.serial !== undefined ? ['-set_serial', String(options.serial)] : []),
      ...(options.subjectAltName ? ['-addext', `subjectAltName=${options.subjectAltName}`] : []),
    ];
    const args = ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    args.push('-keyout', key, '-out', crt, '-days', String(options.days ?? 1), '-subj', `/CN=${commonName}`);
    execFileSync('openssl', [...args, ...extra], { stdio: 'pipe' });
    const pub = execFileSync('openssl', ['x509', '-in', crt, '-pubkey', '-noout']);
    const der = execFileSync('openssl', ['pkey', '-pubin', '-outform', 'der'], { input: pub });
    const digest =
      execFileSync('openssl', ['dgst', '-sha256', '-r'], { input: der }).toString().split(' ')[0] ?? '';
    const pem = readFileSync(crt);
    return {
      crt: pem.toString('base64'),
      key: readFileSync(key).toString('base64'),
      pem,
      spkiSha256: digest.trim(),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
