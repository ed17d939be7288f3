// Starts the compiled store (packages/store/dist) with no notification target, prints which
// broker client libraries were loaded, then, given a target kind, starts one target of that
// kind, sends it one event and prints the libraries loaded once its first delivery failed
// (it points at a closed port). One JSON line per step on stdout.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BROKER_LIBRARIES = ['@platformatic/kafka', 'kafkajs', 'amqplib', 'mqtt', 'nats', 'mysql2', 'pg'];

const work = mkdtempSync(join(tmpdir(), 'stowage-broker-loads-'));
const loads = join(work, 'resolved.txt');
register('./record-loads-hook.mjs', import.meta.url, { data: { log: loads } });
const require = createRequire(import.meta.url);

/** Broker libraries resolved by the ESM loader or required by CommonJS so far. */
function loadedLibraries() {
  let urls = [];
  try {
    urls = readFileSync(loads, 'utf8').split('\n');
  } catch {}
  const paths = [...urls, ...Object.keys(require.cache)].map((u) => u.replaceAll('\\', '/'));
  return BROKER_LIBRARIES.filter((lib) => paths.some((p) => p.includes(`/node_modules/${lib}/`)));
}

// A closed port: the first connection is refused, after the client library was loaded.
const DEAD = '127.0.0.1:1';
const CONFIGS = {
  kafka: { notify_kafka: { t: { enable: 'on', brokers: DEAD, topic: 'events' } } },
  amqp: {
    notify_amqp: { t: { enable: 'on', url: `amqp://${DEAD}`, exchange: 'x', exchange_type: 'fanout' } },
  },
  mqtt: { notify_mqtt: { t: { enable: 'on', broker: `tcp://${DEAD}`, topic: 'events', qos: '0' } } },
  nats: { notify_nats: { t: { enable: 'on', address: DEAD, subject: 'events' } } },
  mysql: { notify_mysql: { t: { enable: 'on', dsn_string: `u:p@tcp(${DEAD})/db`, table: 'events' } } },
  postgresql: {
    notify_postgres: {
      t: {
        enable: 'on',
        connection_string: 'host=127.0.0.1 port=1 user=u dbname=d sslmode=disable',
        table: 'events',
      },
    },
  },
};

const dist = new URL('../../dist/', import.meta.url);
const { startStore } = await import(new URL('index.js', dist).href);
const store = await startStore({
  drives: [join(work, 'drive')],
  rootCredentials: { accessKey: 'stowage-root', secretKey: 'stowage-root-secret' },
});
process.stdout.write(`${JSON.stringify({ step: 'started', libraries: loadedLibraries() })}\n`);

const kind = process.argv[2];
if (kind) {
  const { wantedTargets } = await import(new URL('observe/notify-settings.js', dist).href);
  const { messageLogger } = await import(new URL('observe/logger.js', dist).href);
  const { OutboundPolicy } = await import(new URL('net/outbound.js', dist).href);
  const [wanted] = wantedTargets(CONFIGS[kind]).values();
  let failed;
  const firstFailure = new Promise((resolve) => {
    failed = resolve;
  });
  const target = wanted.start(
    messageLogger((line) => failed(line)),
    OutboundPolicy.OPEN,
  );
  target.send({
    EventName: 's3:ObjectCreated:Put',
    Key: 'bucket/object',
    Records: [{ eventTime: new Date().toISOString() }],
  });
  const failure = await firstFailure;
  target.close();
  process.stdout.write(`${JSON.stringify({ step: kind, failure, libraries: loadedLibraries() })}\n`);
}
await store.close();
rmSync(work, { recursive: true, force: true });
process.exit(0);
