import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { type HostPort, hostPort, mqttPort, urlAddress, urlHostPort } from '../net/address.js';
import { type OutboundPolicy, OutboundRefused } from '../net/outbound.js';

// MinIO connects to a notification target when it is set and refuses the change when it
// cannot (madmin-protocol.md §6.5), unless events are queued on disk (queue_dir). Here the
// check is a HEAD request for HTTP targets and a TCP connection for the others: enough to
// catch a wrong host or port, the common mistake, without a client library per broker.

const PROBE_TIMEOUT_MS = 3000;

export type ProbeTarget = { kind: 'http'; url: string } | { kind: 'tcp'; addresses: HostPort[] };

/** Postgres "key=value" connection strings, or postgres:// URLs. */
function postgresAddress(text: string): HostPort | undefined {
  if (/^postgres(ql)?:\/\//.test(text)) return urlAddress(text, 5432);
  const pairs = Object.fromEntries(
    [...text.matchAll(/(\w+)=('[^']*'|\S*)/g)].map((m) => [m[1], m[2]!.replace(/^'|'$/g, '')]),
  );
  return { host: pairs.host || '127.0.0.1', port: Number(pairs.port) || 5432 };
}

/** Go MySQL DSNs: user:password@tcp(host:port)/database. */
function mysqlAddress(values: Record<string, string>): HostPort | undefined {
  const dsn = values.dsn_string ?? '';
  const m = /@tcp\(([^)]*)\)/.exec(dsn);
  if (m) return hostPort(m[1]!, 3306);
  if (values.host) return { host: values.host, port: Number(values.port) || 3306 };
  return undefined;
}

/**
 * Every address a notify_* target connects to: what the outbound allow-list must allow. A
 * Unix socket (MySQL's unix(path), a PostgreSQL socket directory) shows as its path, which
 * the list never allows.
 */
export function outboundAddresses(type: string, values: Record<string, string>): HostPort[] {
  const unix = type === 'mysql' ? /@unix\(([^)]*)\)/.exec(values.dsn_string ?? '') : null;
  if (unix) return [{ host: unix[1] || '/tmp/mysql.sock', port: 0 }];
  const target = probeTarget(type, values);
  if (!target) return [];
  if (target.kind === 'tcp') return target.addresses;
  const at = urlAddress(target.url);
  return at ? [at] : [];
}

/** What to reach for one target of a notify_* subsystem; undefined when it names nothing reachable. */
export function probeTarget(type: string, values: Record<string, string>): ProbeTarget | undefined {
  const tcp = (...list: (HostPort | undefined)[]): ProbeTarget | undefined => {
    const addresses = list.filter((a) => a !== undefined);
    return addresses.length ? { kind: 'tcp', addresses } : undefined;
  };
  switch (type) {
    case 'webhook':
      return values.endpoint ? { kind: 'http', url: values.endpoint } : undefined;
    case 'elasticsearch':
      return values.url ? { kind: 'http', url: values.url } : undefined;
    case 'amqp':
      return tcp(urlAddress(values.url ?? '', /^amqps:/i.test(values.url ?? '') ? 5671 : 5672));
    case 'mqtt':
      return tcp(urlAddress(values.broker ?? '', mqttPort(values.broker ?? '')));
    case 'kafka':
      return tcp(...(values.brokers ?? '').split(',').map((b) => hostPort(b, 9092)));
    case 'nats':
      return tcp(
        ...(values.address ?? '').split(',').map((a) => hostPort(a.replace(/^nats:\/\//, ''), 4222)),
      );
    case 'nsq':
      return tcp(hostPort(values.nsqd_address ?? '', 4150));
    case 'redis':
      return tcp(hostPort(values.address ?? '', 6379));
    case 'postgres':
      return tcp(postgresAddress(values.connection_string ?? ''));
    case 'mysql':
      return tcp(mysqlAddress(values));
    default:
      return undefined;
  }
}

function reachTcp(host: string, port: number, outbound: OutboundPolicy): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: PROBE_TIMEOUT_MS, ...outbound.dialOptions(host, port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('timeout', () => {
      socket.destroy();
      reject(new Error(`dial tcp ${host}:${port}: i/o timeout`));
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof OutboundRefused) {
        reject(err);
        return;
      }
      reject(
        new Error(
          `dial tcp ${host}:${port}: ${err.code === 'ECONNREFUSED' ? 'connect: connection refused' : err.message}`,
        ),
      );
    });
  });
}

function reachHttp(text: string, outbound: OutboundPolicy): Promise<void> {
  return new Promise((resolve, reject) => {
    let url: URL;
    let dial: ReturnType<OutboundPolicy['dialOptions']>;
    try {
      url = new URL(text);
      const { host, port } = urlHostPort(url);
      dial = outbound.dialOptions(host, port);
    } catch (err) {
      reject(err instanceof OutboundRefused ? err : new Error(`invalid endpoint '${text}'`));
      return;
    }
    // Any answer means something listens there; only failing to get one is an error.
    const req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(
      url,
      { method: 'HEAD', timeout: PROBE_TIMEOUT_MS, ...dial },
      (res) => {
        res.resume();
        resolve();
      },
    );
    req.once('timeout', () => req.destroy(Object.assign(new Error('i/o timeout'), { code: 'ETIMEDOUT' })));
    req.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err instanceof OutboundRefused
          ? err
          : new Error(`${url.origin} is not reachable: ${err.code ?? err.message}`),
      ),
    );
    req.end();
  });
}

/**
 * Resolves when the target answers; rejects with what went wrong. TCP targets need any one
 * address. Only where `outbound` allows (an OutboundRefused says where not).
 */
export async function probe(target: ProbeTarget, outbound: OutboundPolicy): Promise<void> {
  if (target.kind === 'http') return reachHttp(target.url, outbound);
  const errors: string[] = [];
  for (const { host, port } of target.addresses) {
    try {
      return await reachTcp(host, port, outbound);
    } catch (err) {
      errors.push((err as Error).message);
    }
  }
  throw new Error(errors.join('; '));
}

const STATUS_TTL_MS = 10_000;
const statusCache = new Map<string, { at: number; online: Promise<boolean> }>();

/**
 * Whether a target answers, as server info reports it. Answers are kept for 10 s: the
 * dashboard polls server info, and a host that drops packets would hold every poll for the
 * probe's timeout.
 */
export function probeStatus(
  target: ProbeTarget,
  outbound: OutboundPolicy,
  now = Date.now(),
): Promise<boolean> {
  const key = JSON.stringify(target);
  const cached = statusCache.get(key);
  if (cached && now - cached.at < STATUS_TTL_MS) return cached.online;
  for (const [k, v] of statusCache) if (now - v.at >= STATUS_TTL_MS) statusCache.delete(k);
  const online = probe(target, outbound).then(
    () => true,
    () => false,
  );
  statusCache.set(key, { at: now, online });
  return online;
}
