import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freePort } from './free-port.js';

// A real Azure Blob service: Azurite (npm `azurite`), its blob server on 127.0.0.1, in
// memory, with the emulator's well-known account.

export const AZURITE_ACCOUNT = 'devstoreaccount1';
export const AZURITE_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

export interface Azurite {
  /** The account's service URL (a tier's Endpoint). */
  endpoint: string;
  close(): Promise<void>;
}

export async function startAzurite(): Promise<Azurite> {
  const port = await freePort();
  const bin = join(
    dirname(createRequire(import.meta.url).resolve('azurite/package.json')),
    'dist/src/blob/main.js',
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [
      bin,
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--inMemoryPersistence',
      '--skipApiVersionCheck',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('successfully listens')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`azurite-blob exited (${code}): ${out}`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}/${AZURITE_ACCOUNT}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL'); // in memory: nothing to flush, and it waits out kept-alive clients
      }),
  };
}
