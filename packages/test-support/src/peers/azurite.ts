import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { orStop, startPeer } from './peer-process.js';

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
  const bin = join(
    dirname(createRequire(import.meta.url).resolve('azurite/package.json')),
    'dist/src/blob/main.js',
  );
  // Port 0: the OS picks the port and Azurite says where it listens.
  const peer = startPeer(process.execPath, [
    bin,
    '--blobHost',
    '127.0.0.1',
    '--blobPort',
    '0',
    '--inMemoryPersistence',
    '--skipApiVersionCheck',
  ]);
  const [, port] = await orStop(
    peer,
    peer.line(/successfully listens on http:\/\/127\.0\.0\.1:(\d+)/),
    'SIGKILL',
  );
  return {
    endpoint: `http://127.0.0.1:${port}/${AZURITE_ACCOUNT}`,
    // In memory: nothing to flush, and it waits out kept-alive clients.
    close: () => peer.stop('SIGKILL'),
  };
}
