import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCommand } from './run.js';

// `stowage server` over drives of which one cannot be used: the store starts without it,
// as it would with that drive failing later; and generated root credentials are kept on
// every drive that can take them.

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'stowage-cli-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('stowage server', () => {
  it('starts a deployment with one drive path unusable (a file in the way); the root account is on the others', async () => {
    const drives = ['d1', 'd2', 'd3', 'd4'].map((d) => join(dir, d));
    const server = { command: 'server' as const, drives, address: '127.0.0.1', port: 0, storeTrustProxy: [] };
    const lines: string[] = [];
    await (await runCommand(server, {}, (line) => lines.push(line))).close();
    const user = lines
      .find((l) => l.includes('RootUser:'))!
      .split('RootUser:')[1]!
      .trim();
    // The first drive wiped, the third replaced by a file.
    await rm(drives[0]!, { recursive: true });
    await rm(drives[2]!, { recursive: true });
    await writeFile(drives[2]!, 'a file where a drive should be');
    lines.length = 0;
    const running = await runCommand(server, {}, (line) => lines.push(line));
    try {
      const url = lines
        .find((l) => l.includes('S3 API:'))!
        .split('S3 API:')[1]!
        .trim();
      expect((await fetch(`${url}/minio/health/live`)).status).toBe(200);
      // The store's log, printed for people: INFO entries as their message.
      expect(lines.some((l) => l.startsWith('store listening on http://127.0.0.1:'))).toBe(true);
      // The same root account, kept on the drives that survived and given back to the wiped one.
      expect(lines.find((l) => l.includes('RootUser:'))).toContain(user);
      for (const d of [drives[0]!, drives[1]!, drives[3]!])
        expect(JSON.parse(await readFile(join(d, '.stowage.sys/root.json'), 'utf8')).accessKey).toBe(user);
    } finally {
      await running.close();
    }
  }, 60_000);

  it("--json prints the store's log as JSON lines, each a MinIO log entry", async () => {
    const drives = ['d1', 'd2'].map((d) => join(dir, d));
    const lines: string[] = [];
    const server = {
      command: 'server' as const,
      drives,
      address: '127.0.0.1',
      port: 0,
      storeTrustProxy: [],
      logJson: true,
    };
    await (await runCommand(server, {}, (line) => lines.push(line))).close();
    const entries = lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    expect(entries.find((e) => /store listening on/.test(e.message))).toMatchObject({
      level: 'INFO',
      errKind: 'MINIO',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  }, 60_000);
});

describe('the deployments settings file', () => {
  const start = (deploymentsFile: string) => ({
    command: 'start' as const,
    dataDir: join(dir, 'data'),
    port: 0,
    storeTrustProxy: [],
    address: '127.0.0.1',
    consolePort: 0,
    basePath: '',
    secureCookies: false,
    trustProxy: false as const,
    allowedOrigins: [],
    ldap: false,
    deploymentsFile,
  });

  it.each([
    ['a missing file', undefined, /cannot read the deployments file .*missing\.json: ENOENT/],
    ['bad JSON', '{ "deployments": [', /missing\.json: not valid JSON/],
    [
      'a duplicate id',
      JSON.stringify({
        deployments: [
          { id: 'eu', name: 'A', serverUrl: 'http://a:9000' },
          { id: 'eu', name: 'B', serverUrl: 'http://b:9000' },
        ],
      }),
      /deployments\[1\]: id 'eu' is listed twice/,
    ],
    [
      "the embedded store's id",
      JSON.stringify({ deployments: [{ id: 'local', name: 'A', serverUrl: 'http://a:9000' }] }),
      /id 'local' is this console's own deployment/,
    ],
    [
      'a bad server URL',
      JSON.stringify({ deployments: [{ id: 'eu', name: 'A', serverUrl: 'a:9000/x' }] }),
      /deployments\[0\]: serverUrl must be an http\(s\) address/,
    ],
  ])('start stops with a clear error, before the store starts, for %s', async (_what, text, message) => {
    const file = join(dir, 'missing.json');
    if (text !== undefined) await writeFile(file, text);
    const lines: string[] = [];
    await expect(runCommand(start(file), {}, (line) => lines.push(line))).rejects.toThrow(message);
    expect(lines).toEqual([]);
  });
});
