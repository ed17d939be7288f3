import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import amqp from 'amqplib';
import { onFreePorts } from './free-port.js';
import { startPeer, waitUntil } from './peer-process.js';

// A real AMQP broker (Debian's rabbitmq-server 3.10) on 127.0.0.1, with its own Erlang port
// mapper on a free port (so that nothing listens beyond loopback and both stop by PID),
// its data in a temporary directory, and no plugins. The guest user may log in over loopback.

export const RABBITMQ_SERVER = '/usr/lib/rabbitmq/bin/rabbitmq-server';

export interface RabbitMqServer {
  url: string;
  close(): Promise<void>;
}

export async function startRabbitMq(): Promise<RabbitMqServer> {
  const dir = mkdtempSync(join(tmpdir(), 'stowage-rabbit-'));
  const plugins = join(dir, 'enabled_plugins');
  writeFileSync(plugins, '[].\n');
  const started = await onFreePorts(3, async ([port, distPort, epmdPort]) => {
    const env = {
      ...process.env,
      HOME: dir,
      ERL_EPMD_PORT: String(epmdPort),
      ERL_EPMD_ADDRESS: '127.0.0.1',
      RABBITMQ_NODENAME: `stowage${port}@localhost`,
      RABBITMQ_NODE_IP_ADDRESS: '127.0.0.1',
      RABBITMQ_NODE_PORT: String(port),
      RABBITMQ_DIST_PORT: String(distPort),
      RABBITMQ_MNESIA_BASE: join(dir, 'mnesia'),
      RABBITMQ_LOG_BASE: join(dir, 'log'),
      RABBITMQ_ENABLED_PLUGINS_FILE: plugins,
      RABBITMQ_CONFIG_FILE: join(dir, 'rabbitmq'),
      RABBITMQ_ADVANCED_CONFIG_FILE: join(dir, 'advanced.config'),
      RABBITMQ_CONF_ENV_FILE: join(dir, 'rabbitmq-env.conf'),
    };
    const epmd = startPeer('/usr/bin/epmd', ['-port', String(epmdPort), '-address', '127.0.0.1'], { env });
    const broker = startPeer(RABBITMQ_SERVER, [], { env });
    const url = `amqp://guest:guest@127.0.0.1:${port}`;
    try {
      await waitUntil(broker, async () => (await amqp.connect(url)).close(), 120_000);
    } catch (err) {
      await broker.stop();
      await epmd.stop();
      throw err;
    }
    return { url, broker, epmd };
  });
  return {
    url: started.url,
    async close() {
      await started.broker.stop();
      await started.epmd.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
