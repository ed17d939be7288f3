import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onFreePort } from './free-port.js';
import { orStop, startPeer, waitUntil } from './peer-process.js';

// A real MQTT broker (Debian's mosquitto 2.0) on 127.0.0.1 that only lets in one user.

export const MOSQUITTO = '/usr/sbin/mosquitto';

export interface MosquittoServer {
  url: string;
  username: string;
  password: string;
  close(): Promise<void>;
}

export async function startMosquitto(): Promise<MosquittoServer> {
  const dir = mkdtempSync(join(tmpdir(), 'stowage-mqtt-'));
  const username = 'stowage';
  const password = 'mqtt-test-password';
  const passwords = join(dir, 'passwords');
  const made = spawnSync('/usr/bin/mosquitto_passwd', ['-c', '-b', passwords, username, password], {
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`mosquitto_passwd failed: ${made.stderr}`);
  const conf = join(dir, 'mosquitto.conf');
  const { peer, port } = await onFreePort(async (port) => {
    writeFileSync(
      conf,
      [
        `listener ${port} 127.0.0.1`,
        'allow_anonymous false',
        `password_file ${passwords}`,
        'persistence false',
        'user root',
        '',
      ].join('\n'),
    );
    const peer = startPeer(MOSQUITTO, ['-c', conf]);
    await orStop(
      peer,
      waitUntil(
        peer,
        () =>
          new Promise<void>((resolve, reject) => {
            const s = connect({ host: '127.0.0.1', port }, () => {
              s.destroy();
              resolve();
            });
            s.once('error', reject);
          }),
      ),
    );
    return { peer, port };
  });
  return {
    url: `tcp://127.0.0.1:${port}`,
    username,
    password,
    async close() {
      await peer.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
