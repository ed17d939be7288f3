import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { type OutboundPolicy, OutboundRefused } from '../net/outbound.js';

// MinIO connects to a notification target when it is set and refuses the change when it
// cannot (madmin-protocol.md §6.5), unless events are queued on disk (queue_dir). Here the
// check is a HEAD request for HTTP targets and a TCP connection for the others: enough to
// catch a wrong host or port, the common mistake, without a client library per broker.

const PROBE_TIMEOUT_MS = 3000;

export type ProbeTarget =
  | { kind: 'http'; url: string }
  | { kind: 'tcp'; addresses: { host: string; port: number }[] };

/** `host[:port]` or `[v6]:port`; undefined without a host. */
export function hostPort(text: string, defaultPort: number): { host: string; port: number } | undefined {
  const m = /^\[?([^\]]*?)\]?(?::(\d+))?$/.exec(text.trim());
  if (!m || m[1] === '') return undefined;
  return { host: m[1]!, port: m[2] ? Number(m[2]) : defaultPort };
}

function fromUrl(text: string, defaultPort: number): { host: string; port: number } | undefined {
  try {
    const url = new URL(text);
    return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) || defaultPort };
  } catch {
    return undefined;
  }
}

/** Postgres "key=value" connection strings, or postgres:// URLs. */
function postgresAddress(text: string): { host: string; port: number } | undefined {
  if (/^postgres(ql)?:\/\//.test(text)) return fromUrl(text, 5432);
  const pairs = Object.fromEntries(
    [...text.matchAll(/(\w+)=('[^']*'|\S*)/g)].map((m) => [m[1], m[2]!.replace(/^'|'$/g, '')]),
  );
  return { host: pairs.host || '127.0.0.1', port: Number(pairs.port) || 5432 };
}

/** Go MySQL DSNs: user:password@tcp(host:port)/database. */
function mysqlAddress(values: Record<string, string>): { host: string; port: number } | undefined {
  const dsn = values.dsn_string ?? '';
  const m = /@tcp\(([^)]*)\)/.exec(dsn);
  if (m) return hostPort(m[1]!, 3306);
  if (values.host) return { host: values.host, port: Number(values.port) || 3306 };
  return undefined;
}

/** The port an MQTT broker URL means when it names none (mqtt.js's defaults). */
export function mqttPort(url: string): number {
  const scheme = /^([a-z]+):/i.exec(url)?.[1]?.toLowerCase() ?? '';
  if (scheme === 'ws') return 80;
  if (scheme === 'wss') return 443;
  return ['mqtts', 'ssl', 'tls', 'tcps'].includes(scheme) ? 8883 : 1883;
}

/** The host and port of an http(s) URL (its default port when it names none). */
export function urlAddress(text: string): { host: string; port: number } | undefined {
  return fromUrl(text, /^https:/i.test(text) ? 443 : 80);
}

/**
 * Every address a notify_* target connects to: what the outbound allow-list must allow. A
 * Unix socket (MySQL's unix(path), a PostgreSQL socket directory) shows as its path, which
 * the list never allows.
 */
export function outboundAddresses(
  type: string,
  values: Record<string, string>,
): { host: string; port: number }[] {
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
  const tcp = (...list: ({ host: string; port: number } | undefined)[]): ProbeTarget | undefined => {
    const addresses = list.filter((a) => a !== undefined);
    return addresses.length ? { kind: 'tcp', addresses } : undefined;
  };
  switch (type) {
    case 'webhook':
      return values.endpoint ? { kind: 'http', url: values.endpoint } : undefined;
    case 'elasticsearch':
      return values.url ? { kind: 'http', url: values.url } : undefined;
    case 'amqp':
      return tcp(fromUrl(values.url ?? '', /^amqps:/i.test(values.url ?? '') ? 5671 : 5672));
    case 'mqtt':
      return tcp(fromUrl(values.broker ?? '', mqttPort(values.broker ?? '')));
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
      dial = outbound.dialOptions(url.hostname, Number(url.port) || (url.protocol === 'https:' ? 443 : 80));
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
