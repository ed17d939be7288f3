import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

/** A certificate authority for tests: its certificate and key, PEM. */
export interface TestCa {
  cert: string;
  key: string;
}

const EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** A fresh CA from openssl (a self-signed certificate that may sign others). */
export function testCa(commonName: string): TestCa {
  const dir = mkdtempSync(join(tmpdir(), 'tenant-ca-'));
  try {
    const crt = join(dir, 'ca.crt');
    const key = join(dir, 'ca.key');
    const args = ['req', '-x509', ...EC_KEY, '-keyout', key, '-out', crt, '-days', '2'];
    args.push('-subj', `/CN=${commonName}`, '-addext', 'basicConstraints=critical,CA:TRUE');
    args.push('-addext', 'keyUsage=critical,keyCertSign,cRLSign');
    execFileSync('openssl', args, { stdio: 'pipe' });
    return { cert: readFileSync(crt, 'utf8'), key: readFileSync(key, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A server certificate and key (PEM) for `dnsNames`, signed by `ca`. */
export function caSignedPair(ca: TestCa, dnsNames: string[]): { cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'tenant-leaf-'));
  try {
    const file = (name: string) => join(dir, name);
    writeFileSync(file('ca.crt'), ca.cert);
    writeFileSync(file('ca.key'), ca.key);
    writeFileSync(file('ext'), `subjectAltName=${dnsNames.map((n) => `DNS:${n}`).join(',')}\n`);
    const request = ['req', '-new', ...EC_KEY, '-keyout', file('tls.key'), '-out', file('tls.csr')];
    execFileSync('openssl', [...request, '-subj', `/CN=${dnsNames[0] ?? 'server'}`], { stdio: 'pipe' });
    const sign = ['x509', '-req', '-in', file('tls.csr'), '-CA', file('ca.crt'), '-CAkey', file('ca.key')];
    sign.push('-CAcreateserial', '-out', file('tls.crt'), '-days', '1', '-extfile', file('ext'));
    execFileSync('openssl', sign, { stdio: 'pipe' });
    return { cert: readFileSync(file('tls.crt'), 'utf8'), key: readFileSync(file('tls.key'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
