import type mqtt from 'mqtt';
import { mqttPort, urlHostPort } from '../net/address.js';
import type { OutboundPolicy } from '../net/outbound.js';
import type { EventLog } from './event-log.js';
import { loadOnce } from './lazy-module.js';
import type { Logger } from './logger.js';
import { QueuedTarget } from './queued-target.js';

// notify_mqtt, as MinIO publishes: the event log as JSON to the topic at the configured
// quality of service, not retained. The client reconnects by itself; while it is not
// connected deliveries fail and the queue retries them in order.

const CONNECT_TIMEOUT_MS = 5000;

/** The client library, loaded when the first MQTT target connects, not at start. */
const mqttClient = loadOnce(async () => (await import('mqtt')).default);

export interface MqttSettings {
  broker: string;
  topic: string;
  username: string;
  password: string;
  qos: 0 | 1 | 2;
  keepAliveSeconds: number;
  reconnectMs: number;
  queueSize: number;
}

export class MqttTarget extends QueuedTarget<EventLog> {
  private client: mqtt.MqttClient | undefined;

  constructor(
    name: string,
    readonly settings: MqttSettings,
    log: Logger,
    private readonly outbound: OutboundPolicy,
  ) {
    super(name, settings.queueSize, log);
  }

  /**
   * Where the client may connect, with the outbound list in force: over WebSocket through
   * the list's lookup; over TCP and TLS (mqtt.js takes no lookup there) to the broker's
   * address, resolved and checked here, the certificate still checked against its name.
   */
  private async reach(): Promise<mqtt.IClientOptions> {
    if (!this.outbound.restricted) return {};
    const url = new URL(this.settings.broker);
    const { host, port } = urlHostPort(url, mqttPort(this.settings.broker));
    if (url.protocol === 'ws:' || url.protocol === 'wss:')
      return { wsOptions: { ...this.outbound.dialOptions(host, port) } };
    const address = await this.outbound.pin(host, port);
    return { hostname: address, ...(address === host ? {} : { servername: host }) };
  }

  private async connected(): Promise<mqtt.MqttClient> {
    const s = this.settings;
    if (!this.client) {
      const reach = await this.connecting(this.reach(), () => {});
      const mqtt = await mqttClient();
      // mqtt.js knows tcp:// and ssl:// (MinIO's spellings) as well as mqtt:// and mqtts://.
      this.client = mqtt.connect(s.broker, {
        ...reach,
        ...(s.username ? { username: s.username } : {}),
        ...(s.password ? { password: s.password } : {}),
        keepalive: s.keepAliveSeconds,
        reconnectPeriod: s.reconnectMs || 1000,
        connectTimeout: CONNECT_TIMEOUT_MS,
        clean: true,
        // Messages wait in our queue, not the client's, so that order and limits are ours.
        queueQoSZero: false,
      });
      this.client.on('error', () => {});
    }
    const client = this.client;
    if (client.connected) return Promise.resolve(client);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`${s.broker}: not connected`)), CONNECT_TIMEOUT_MS);
      const onConnect = () => done();
      const onError = (err: Error) => done(err);
      const done = (err?: Error) => {
        clearTimeout(timer);
        client.off('connect', onConnect);
        client.off('error', onError);
        if (err) reject(err);
        else resolve(client);
      };
      client.on('connect', onConnect);
      client.on('error', onError);
    });
  }

  protected async deliver(log: EventLog): Promise<void> {
    const client = await this.connected();
    await client.publishAsync(this.settings.topic, JSON.stringify(log), {
      qos: this.settings.qos,
      retain: false,
    });
  }

  protected override stopped(): void {
    this.client?.end(true);
    this.client = undefined;
  }
}
