import { connect, type Socket } from 'node:net';
import type { EventLog } from './event-log.js';
import { QueuedTarget } from './queued-target.js';

// notify_nsq, as MinIO publishes through go-nsq: the event log as JSON, one PUB per event
// to the topic, over nsqd's TCP protocol (magic "  V2", frames of size, type and data).
// Heartbeats are answered with NOP. TLS (tls=on) needs nsqd's IDENTIFY upgrade, which this
// client does not speak: such a target reports every delivery as failed.

const CONNECT_TIMEOUT_MS = 5000;
const FRAME_RESPONSE = 0;
const FRAME_ERROR = 1;
const HEARTBEAT = '_heartbeat_';

export interface NsqSettings {
  host: string;
  port: number;
  topic: string;
  tls: boolean;
  queueSize: number;
}

/** One nsqd connection: PUB commands answered in order, one frame each. */
class NsqConnection {
  private buffered = Buffer.alloc(0);
  private readonly waiting: { resolve(): void; reject(err: Error): void }[] = [];
  broken = false;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.read(chunk));
    const fail = (err: Error) => {
      this.broken = true;
      for (const w of this.waiting.splice(0)) w.reject(err);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('nsqd closed the connection')));
  }

  static open(host: string, port: number): Promise<NsqConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port, timeout: CONNECT_TIMEOUT_MS });
      socket.once('connect', () => {
        socket.setTimeout(0);
        socket.write('  V2');
        resolve(new NsqConnection(socket));
      });
      socket.once('timeout', () => socket.destroy(new Error(`dial tcp ${host}:${port}: i/o timeout`)));
      socket.once('error', reject);
    });
  }

  publish(topic: string, body: Buffer): Promise<void> {
    const size = Buffer.alloc(4);
    size.writeUInt32BE(body.length);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.socket.write(Buffer.concat([Buffer.from(`PUB ${topic}\n`), size, body]));
    });
  }

  private read(chunk: Buffer): void {
    this.buffered = Buffer.concat([this.buffered, chunk]);
    while (this.buffered.length >= 8) {
      const size = this.buffered.readUInt32BE(0);
      if (this.buffered.length < 4 + size) return;
      const type = this.buffered.readInt32BE(4);
      const data = this.buffered.subarray(8, 4 + size).toString('utf8');
      this.buffered = this.buffered.subarray(4 + size);
      if (type === FRAME_RESPONSE && data === HEARTBEAT) {
        this.socket.write('NOP\n');
        continue;
      }
      const waiter = this.waiting.shift();
      if (type === FRAME_ERROR) waiter?.reject(new Error(`nsqd: ${data}`));
      else waiter?.resolve();
    }
  }

  close(): void {
    this.broken = true;
    this.socket.destroy();
  }
}

export class NsqTarget extends QueuedTarget<EventLog> {
  private conn: NsqConnection | undefined;

  constructor(
    name: string,
    readonly settings: NsqSettings,
    log: (line: string) => void,
  ) {
    super(name, settings.queueSize, log);
  }

  protected async deliver(log: EventLog): Promise<void> {
    if (this.settings.tls) throw new Error('TLS to nsqd is not supported');
    if (!this.conn || this.conn.broken) {
      this.conn?.close();
      this.conn = await this.connecting(NsqConnection.open(this.settings.host, this.settings.port), (c) =>
        c.close(),
      );
    }
    await this.conn.publish(this.settings.topic, Buffer.from(JSON.stringify(log)));
  }

  protected override stopped(): void {
    this.conn?.close();
    this.conn = undefined;
  }
}
