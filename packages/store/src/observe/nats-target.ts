import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { ConnectionOptions, JetStreamClient, NatsConnection } from 'nats';
import { hostPort } from '../net/address.js';
import type { OutboundPolicy } from '../net/outbound.js';
import type { EventLog } from './event-log.js';
import { loadOnce } from './lazy-module.js';
import type { Logger } from './logger.js';
import { QueuedTarget } from './queued-target.js';

// notify_nats, as MinIO publishes: the event log as JSON on the subject. A plain publish is
// followed by a flush, so a delivery counts once the server has it; with JetStream the
// stream's acknowledgement is awaited instead.

const CONNECT_TIMEOUT_MS = 5000;

/** The client library, loaded when the first NATS target connects, not at start. */
const natsClient = loadOnce(() => import('nats'));

export interface NatsSettings {
  servers: string[];
  subject: string;
  username: string;
  password: string;
  token: string;
  tls: boolean;
  tlsSkipVerify: boolean;
  certAuthority: string;
  clientCert: string;
  clientKey: string;
  pingIntervalMs: number;
  jetstream: boolean;
  queueSize: number;
}

export function natsOptions(s: NatsSettings): ConnectionOptions {
  return {
    servers: s.servers,
    ...(s.username ? { user: s.username, pass: s.password } : {}),
    ...(s.token ? { token: s.token } : {}),
    ...(s.pingIntervalMs > 0 ? { pingInterval: s.pingIntervalMs } : {}),
    timeout: CONNECT_TIMEOUT_MS,
    reconnect: true,
    maxReconnectAttempts: -1,
    ...(s.tls
      ? {
          tls: {
            ...(s.certAuthority ? { ca: readFileSync(s.certAuthority, 'utf8') } : {}),
            ...(s.clientCert && s.clientKey
              ? { cert: readFileSync(s.clientCert, 'utf8'), key: readFileSync(s.clientKey, 'utf8') }
              : {}),
            ...(s.tlsSkipVerify ? { rejectUnauthorized: false } : {}),
          },
        }
      : {}),
  };
}

/**
 * With the outbound list in force: each server pinned to its address, resolved and checked
 * here (nats.js takes no lookup), the certificate still checked against the name when all
 * servers share one; servers the cluster announces are not followed (they would be unchecked).
 */
async function checkedOptions(s: NatsSettings, outbound: OutboundPolicy): Promise<ConnectionOptions> {
  const options = natsOptions(s);
  if (!outbound.restricted) return options;
  const names = new Set<string>();
  const servers = await Promise.all(
    s.servers.map(async (server) => {
      const at = hostPort(server.replace(/^[a-z]+:\/\//i, ''), 4222);
      if (!at) throw new Error(`not a NATS server address: '${server}'`);
      names.add(at.host);
      const address = await outbound.pin(at.host, at.port);
      return `${isIP(address) === 6 ? `[${address}]` : address}:${at.port}`;
    }),
  );
  const [name] = names;
  const servername = names.size === 1 && isIP(name!) === 0 ? { servername: name } : {};
  return {
    ...options,
    servers,
    ignoreClusterUpdates: true,
    ...(options.tls ? { tls: { ...options.tls, ...servername } } : {}),
  };
}

export class NatsTarget extends QueuedTarget<EventLog> {
  private connection: Promise<NatsConnection> | undefined;
  private js: JetStreamClient | undefined;

  constructor(
    name: string,
    readonly settings: NatsSettings,
    log: Logger,
    private readonly outbound: OutboundPolicy,
  ) {
    super(name, settings.queueSize, log);
  }

  private async open(): Promise<NatsConnection> {
    this.connection ??= Promise.all([natsClient(), checkedOptions(this.settings, this.outbound)]).then(
      ([{ connect }, options]) => connect(options),
    );
    const pending = this.connection;
    try {
      const nc = await pending;
      if (nc.isClosed()) throw new Error('connection closed');
      return nc;
    } catch (err) {
      if (this.connection === pending) this.connection = undefined;
      throw err;
    }
  }

  protected async deliver(log: EventLog): Promise<void> {
    const nc = await this.open();
    const data = new TextEncoder().encode(JSON.stringify(log));
    if (this.settings.jetstream) {
      this.js ??= nc.jetstream();
      await this.js.publish(this.settings.subject, data);
    } else {
      nc.publish(this.settings.subject, data);
      await nc.flush();
    }
  }

  protected override stopped(): void {
    const pending = this.connection;
    this.connection = undefined;
    this.js = undefined;
    void pending?.then((nc) => nc.close()).catch(() => {});
  }
}
