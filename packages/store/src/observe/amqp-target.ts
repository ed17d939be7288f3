import type amqp from 'amqplib';
import { urlHostPort } from '../net/address.js';
import type { OutboundPolicy } from '../net/outbound.js';
import type { EventLog } from './event-log.js';
import { loadOnce } from './lazy-module.js';
import type { Logger } from './logger.js';
import { QueuedTarget } from './queued-target.js';

// notify_amqp, as MinIO publishes: the event log as JSON, with the bucket and event name in
// the headers, to the configured exchange (declared first) and routing key. With
// publisher_confirms each message waits for the broker's acknowledgement.

const CONNECT_TIMEOUT_MS = 5000;

export interface AmqpSettings {
  url: string;
  exchange: string;
  exchangeType: string;
  routingKey: string;
  mandatory: boolean;
  durable: boolean;
  internal: boolean;
  autoDeleted: boolean;
  deliveryMode: number;
  publisherConfirms: boolean;
  queueSize: number;
}

/** The client library, loaded when the first AMQP target connects, not at start. */
const amqpClient = loadOnce(async () => (await import('amqplib')).default);

type Channel = amqp.Channel | amqp.ConfirmChannel;

export class AmqpTarget extends QueuedTarget<EventLog> {
  private connection: amqp.ChannelModel | undefined;
  private channel: Channel | undefined;

  constructor(
    name: string,
    readonly settings: AmqpSettings,
    log: Logger,
    private readonly outbound: OutboundPolicy,
  ) {
    super(name, settings.queueSize, log);
  }

  private async open(): Promise<Channel> {
    if (this.channel) return this.channel;
    const s = this.settings;
    if (!this.connection) {
      // amqplib hands its socket options to net/tls.connect: the outbound list's lookup too.
      const url = new URL(s.url);
      const { host, port } = urlHostPort(url, url.protocol === 'amqps:' ? 5671 : 5672);
      const dial = this.outbound.dialOptions(host, port);
      const connection = await this.connecting(
        (await amqpClient()).connect(s.url, { timeout: CONNECT_TIMEOUT_MS, ...dial }),
        (c) => {
          void c.close().catch(() => {});
        },
      );
      connection.on('error', () => {}); // 'close' follows; the next delivery reconnects.
      connection.on('close', () => {
        if (this.connection === connection) this.reset();
      });
      this.connection = connection;
    }
    const connection = this.connection;
    const channel = s.publisherConfirms
      ? await connection.createConfirmChannel()
      : await connection.createChannel();
    channel.on('error', () => {});
    channel.on('close', () => {
      if (this.channel === channel) this.channel = undefined;
    });
    // The default exchange ('') cannot be declared; an exchange of no stated type must exist.
    if (s.exchange !== '' && s.exchangeType !== '')
      await channel.assertExchange(s.exchange, s.exchangeType, {
        durable: s.durable,
        autoDelete: s.autoDeleted,
        internal: s.internal,
      });
    else if (s.exchange !== '') await channel.checkExchange(s.exchange);
    this.channel = channel;
    return channel;
  }

  protected async deliver(log: EventLog): Promise<void> {
    const channel = await this.open();
    const record = log.Records[0] as { s3?: { bucket?: { name?: string } } } | undefined;
    const options: amqp.Options.Publish = {
      contentType: 'application/json',
      headers: { 'minio-bucket': record?.s3?.bucket?.name ?? '', 'minio-event': log.EventName },
      mandatory: this.settings.mandatory,
      ...(this.settings.deliveryMode > 0 ? { deliveryMode: this.settings.deliveryMode } : {}),
    };
    const body = Buffer.from(JSON.stringify(log));
    if ('waitForConfirms' in channel) {
      await new Promise<void>((resolve, reject) =>
        channel.publish(this.settings.exchange, this.settings.routingKey, body, options, (err) =>
          err ? reject(new Error('the broker did not confirm the message')) : resolve(),
        ),
      );
    } else if (!channel.publish(this.settings.exchange, this.settings.routingKey, body, options)) {
      // The channel's buffer is full: wait for it to drain before the next message.
      await new Promise((resolve) => channel.once('drain', resolve));
    }
  }

  private reset(): void {
    const connection = this.connection;
    this.connection = undefined;
    this.channel = undefined;
    void connection?.close().catch(() => {});
  }

  protected override stopped(): void {
    this.reset();
  }
}
