import { connect, isIP, type Socket } from 'node:net';
import { hostname } from 'node:os';
import { connect as tlsConnect } from 'node:tls';
import type { OutboundPolicy } from '../net/outbound.js';
import type { EventLog } from './event-log.js';
import type { Logger } from './logger.js';
import { QueuedTarget } from './queued-target.js';

// notify_nsq, as MinIO publishes through go-nsq: the event log as JSON, one PUB per event
// to the topic, over nsqd's TCP protocol (magic "  V2", frames of size, type and data).
// Heartbeats are answered with NOP. With tls=on the connection is upgraded as go-nsq does:
// IDENTIFY asks for tls_v1, nsqd agrees, the TLS handshake runs on the same socket, and
// nsqd confirms with OK over TLS.

const CONNECT_TIMEOUT_MS = 5000;
const FRAME_RESPONSE = 0;
const FRAME_ERROR = 1;
const HEARTBEAT = '_heartbeat_';

export interface NsqSettings {
  host: string;
  port: number;
  topic: string;
  tls: boolean;
  tlsSkipVerify: boolean;
  queueSize: number;
}

/** One nsqd connection: PUB commands answered in order, one frame each. */
class NsqConnection {
  private buffered = Buffer.alloc(0);
  private readonly waiting: { resolve(data: string): void; reject(err: Error): void }[] = [];
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

  /** `options`: what the connection adds to its own (the outbound list's lookup). */
  static async open(s: NsqSettings, options: object = {}): Promise<NsqConnection> {
    const socket = await dial(s.host, s.port, options);
    socket.write('  V2');
    const plain = new NsqConnection(socket);
    if (!s.tls) return plain;
    try {
      const identify = JSON.stringify({
        client_id: hostname().split('.')[0],
        hostname: hostname(),
        user_agent: 'stowage',
        feature_negotiation: true,
        tls_v1: true,
      });
      const agreed = JSON.parse(await plain.command('IDENTIFY\n', Buffer.from(identify))) as {
        tls_v1?: boolean;
      };
      if (!agreed.tls_v1) throw new Error('nsqd: TLS is not enabled on the server');
      plain.detach();
      const secure = await upgrade(socket, s);
      const conn = new NsqConnection(secure);
      const ok = await conn.expectFrame();
      if (ok !== 'OK') throw new Error(`nsqd: unexpected answer after TLS: ${ok}`);
      return conn;
    } catch (err) {
      socket.destroy();
      throw err;
    }
  }

  /** A command with a sized body (IDENTIFY, PUB), answered by one frame. */
  private command(line: string, body: Buffer): Promise<string> {
    const size = Buffer.alloc(4);
    size.writeUInt32BE(body.length);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.socket.write(Buffer.concat([Buffer.from(line), size, body]));
    });
  }

  /** The next frame nsqd sends unasked. */
  private expectFrame(): Promise<string> {
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** Stops reading the socket (before it is handed to TLS). */
  private detach(): void {
    this.socket.removeAllListeners('data');
    this.socket.removeAllListeners('error');
    this.socket.removeAllListeners('close');
  }

  async publish(topic: string, body: Buffer): Promise<void> {
    await this.command(`PUB ${topic}\n`, body);
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
      else waiter?.resolve(data);
    }
  }

  close(): void {
    this.broken = true;
    this.socket.destroy();
  }
}

function dial(host: string, port: number, options: object): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: CONNECT_TIMEOUT_MS, ...options });
    socket.once('connect', () => {
      socket.setTimeout(0);
      resolve(socket);
    });
    socket.once('timeout', () => socket.destroy(new Error(`dial tcp ${host}:${port}: i/o timeout`)));
    socket.once('error', reject);
  });
}

/** The TLS handshake on an open nsqd socket (the certificate checked unless told not to). */
function upgrade(socket: Socket, s: NsqSettings): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const names = isIP(s.host) ? { host: s.host } : { host: s.host, servername: s.host };
    const secure = tlsConnect({ socket, ...names, rejectUnauthorized: !s.tlsSkipVerify }, () =>
      resolve(secure),
    );
    secure.once('error', reject);
  });
}

export class NsqTarget extends QueuedTarget<EventLog> {
  private conn: NsqConnection | undefined;

  constructor(
    name: string,
    readonly settings: NsqSettings,
    log: Logger,
    private readonly outbound: OutboundPolicy,
  ) {
    super(name, settings.queueSize, log);
  }

  protected async deliver(log: EventLog): Promise<void> {
    if (!this.conn || this.conn.broken) {
      this.conn?.close();
      const options = this.outbound.dialOptions(this.settings.host, this.settings.port);
      this.conn = await this.connecting(NsqConnection.open(this.settings, options), (c) => c.close());
    }
    await this.conn.publish(this.settings.topic, Buffer.from(JSON.stringify(log)));
  }

  protected override stopped(): void {
    this.conn?.close();
    this.conn = undefined;
  }
}
