import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';

// Secrets the console keeps in its database (the secret keys of the service accounts behind
// share links and bulk jobs) are sealed with AES-256-GCM under a key of the console's own, in
// a file beside the database (mode 0600, made on first use). A copy of the database alone
// then gives away no credential; the key file is what to protect (and back up with it).

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The sealed form's version, first in every sealed value. */
const FORMAT = 'v1';

export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** The key in `path`, made there when the file does not exist. */
  static fromKeyFile(path: string): SecretBox {
    let key: Buffer;
    try {
      key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      key = randomBytes(KEY_BYTES);
      // 'wx': two consoles starting at once never overwrite each other's key.
      writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      chmodSync(path, 0o600);
    }
    if (key.length !== KEY_BYTES) throw new Error(`${path} does not hold a ${KEY_BYTES}-byte key`);
    return new SecretBox(key);
  }

  /** A key for this process only (an in-memory database). */
  static ephemeral(): SecretBox {
    return new SecretBox(randomBytes(KEY_BYTES));
  }

  /** `v1.<iv>.<ciphertext+tag>`, base64url; `context` (e.g. a row's id) is bound to it. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${FORMAT}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
  }

  /** The plain text; throws when the value was altered, sealed for another context, or under another key. */
  open(sealed: string, context: string): string {
    const [format, iv, body] = sealed.split('.');
    if (format !== FORMAT || !iv || !body) throw new Error('not a sealed secret');
    const bytes = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
