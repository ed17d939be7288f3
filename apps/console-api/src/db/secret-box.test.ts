import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConsoleDatabase } from './database.js';
import { SecretBox } from './secret-box.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-secret-box-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('secret box', () => {
  it('opens what it sealed, with the same key file, for the same context only', async () => {
    const keyFile = join(dir, 'console.sqlite.key');
    const sealed = SecretBox.fromKeyFile(keyFile).seal('s3cr3t-key', 'link-1');
    expect(sealed).not.toContain('s3cr3t');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const again = SecretBox.fromKeyFile(keyFile);
    expect(again.open(sealed, 'link-1')).toBe('s3cr3t-key');
    expect(() => again.open(sealed, 'link-2')).toThrow();
    expect(() => SecretBox.ephemeral().open(sealed, 'link-1')).toThrow();
    const [format, iv, body] = sealed.split('.');
    const flipped = `${format}.${iv}.${body!.slice(0, -2)}${body!.endsWith('A') ? 'B' : 'A'}${body!.slice(-1)}`;
    expect(() => again.open(flipped, 'link-1')).toThrow();
    expect(() => again.open('plain text', 'link-1')).toThrow('not a sealed secret');
  });

  it('seals the same text differently each time', () => {
    const box = SecretBox.ephemeral();
    expect(box.seal('x', 'c')).not.toBe(box.seal('x', 'c'));
  });

  it('refuses a key file that holds no key', async () => {
    const keyFile = join(dir, 'bad.key');
    await writeFile(keyFile, 'short\n');
    expect(() => SecretBox.fromKeyFile(keyFile)).toThrow(/32-byte key/);
  });

  it("keeps a database file's key beside it", async () => {
    const file = join(dir, 'console.sqlite');
    const db = ConsoleDatabase.open(file, []);
    const sealed = db.secrets.seal('k', 'ctx');
    db.close();
    expect((await readFile(`${file}.key`, 'utf8')).trim()).toMatch(/^[A-Za-z0-9+/=]{44}$/);
    const reopened = ConsoleDatabase.open(file, []);
    expect(reopened.secrets.open(sealed, 'ctx')).toBe('k');
    reopened.close();
  });
});
