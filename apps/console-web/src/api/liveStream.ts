import {
  SOCKET_COMPLETE,
  SOCKET_FAILED,
  SOCKET_KEEP_ALIVE_MS,
  SOCKET_REFUSED,
  type SocketDef,
} from '@stowage/contract';
import type { Static } from 'typebox';
import { createStore, type ReadableStore } from '../lib/externalStore.js';
import { getBasePath } from './basePath.js';

// One live stream from a contract socket (spec 002 §7.2): the URL, the keep-alive, reconnects,
// what each close means, and a bounded, pausable buffer of frames. Framework-free so that it
// can be tested against a real WebSocket server; `useLiveStream` binds it to React.

/** What the stream is doing, as the screens show it. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'ended' | 'failed';

/**
 * Why a stream ended, from its close code: `complete` (1000, the server finished), `refused`
 * (1008, the console said why: origin, session, permission), `failed` (1011, the storage
 * server's error), `lost` (1006 and anything else: the connection dropped, no reason given).
 */
export type LiveEnd = 'complete' | 'refused' | 'failed' | 'lost';

export interface LiveSnapshot<F> {
  status: LiveStatus;
  /** Frames kept, oldest first: at most `maxRows`. */
  rows: readonly F[];
  /** Frames that arrived while paused, not yet in `rows`. */
  pending: number;
  /** Frames dropped (oldest first) to keep the cap. */
  dropped: number;
  /** Every frame received since start. */
  received: number;
  paused: boolean;
  /** How the last connection ended, with the server's reason when it gave one. */
  end?: { kind: LiveEnd; code: number; reason: string };
  /** Reconnect attempts since the last open connection. */
  attempts: number;
}

/** The part of the browser's WebSocket the stream uses; `ws`'s client has it too. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveStreamOptions {
  /** Frames kept in memory; older ones are dropped and counted. */
  maxRows?: number;
  /** Reconnect after a lost connection (live feeds); one-shot streams (heal, diagnostics) do not. */
  reconnect?: boolean;
  /** Give up after this many failed reconnects in a row. */
  maxAttempts?: number;
  /** For tests: the socket factory, the clock and the page's location. */
  createSocket?: (url: string) => SocketLike;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  location?: { protocol: string; host: string };
  /** How often buffered frames reach listeners: many frames a second become one render. */
  flushMs?: number;
}

export const DEFAULT_MAX_ROWS = 5000;
/** Backoff after a lost connection: 1 s doubling up to 30 s. */
const BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;
const DEFAULT_MAX_ATTEMPTS = 8;
const DEFAULT_FLUSH_MS = 100;
const OPEN = 1;

/** The message the page sends every 10 seconds; the server ignores its content. */
export const KEEP_ALIVE_MESSAGE = 'ok';

/** The socket's path parameters, or undefined for a socket without any. */
export type SocketParams<S extends SocketDef> = [S['params']] extends [undefined]
  ? undefined
  : Static<NonNullable<S['params']>>;

/** `ws(s)://host/<base path>/ws/...?query`, following the page's protocol and base path. */
export function socketUrl<S extends SocketDef>(
  socket: S,
  params: SocketParams<S>,
  query: Record<string, string | undefined>,
  location: { protocol: string; host: string } = window.location,
): string {
  const path = socket.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown> | undefined)?.[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(key, value);
  const qs = search.toString();
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${getBasePath()}${path}${qs ? `?${qs}` : ''}`;
}

export function endKind(code: number): LiveEnd {
  if (code === SOCKET_COMPLETE) return 'complete';
  if (code === SOCKET_REFUSED) return 'refused';
  if (code === SOCKET_FAILED) return 'failed';
  return 'lost';
}

const browserSocket = (url: string) => new WebSocket(url) as unknown as SocketLike;

export class LiveStream<F> {
  private readonly maxRows: number;
  private readonly options: Required<Omit<LiveStreamOptions, 'location'>> & {
    location?: LiveStreamOptions['location'];
  };
  private socket: SocketLike | undefined;
  private keepAlive: unknown;
  private retry: unknown;
  private flushTimer: unknown;
  private url = '';
  private running = false;
  private rows: F[] = [];
  private pendingRows: F[] = [];
  readonly #store = createStore<LiveSnapshot<F>>({
    status: 'idle',
    rows: [],
    pending: 0,
    dropped: 0,
    received: 0,
    paused: false,
    attempts: 0,
  });
  /** For `useStore`: the snapshot, the same object until something changes. */
  readonly state: ReadableStore<LiveSnapshot<F>> = this.#store;

  constructor(options: LiveStreamOptions = {}) {
    this.options = {
      maxRows: options.maxRows ?? DEFAULT_MAX_ROWS,
      reconnect: options.reconnect ?? true,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      createSocket: options.createSocket ?? browserSocket,
      setTimer: options.setTimer ?? ((fn, ms) => setTimeout(fn, ms)),
      clearTimer: options.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>)),
      flushMs: options.flushMs ?? DEFAULT_FLUSH_MS,
      location: options.location,
    };
    this.maxRows = Math.max(1, this.options.maxRows);
  }

  getSnapshot = (): LiveSnapshot<F> => this.#store.get();

  subscribe = (listener: () => void): (() => void) => this.#store.subscribe(listener);

  private get snapshot(): LiveSnapshot<F> {
    return this.#store.get();
  }

  /** Opens the stream at `url`, clearing what an earlier run kept. */
  start(url: string): void {
    this.stop();
    this.url = url;
    this.running = true;
    this.rows = [];
    this.pendingRows = [];
    this.update({
      status: 'connecting',
      rows: [],
      pending: 0,
      dropped: 0,
      received: 0,
      paused: false,
      end: undefined,
      attempts: 0,
    });
    this.connect();
  }

  /** Closes the stream on the user's request; what arrived stays on screen. */
  stop(): void {
    if (!this.running) return;
    this.running = false;
    this.clearTimers();
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onopen = null;
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.close(1000);
    }
    this.flush();
    this.update({ status: 'ended' });
  }

  /** Frames keep arriving but stay out of `rows` until resume. */
  pause(): void {
    if (!this.snapshot.paused) this.update({ paused: true });
  }

  resume(): void {
    if (!this.snapshot.paused) return;
    this.#store.set({ ...this.snapshot, paused: false }, { quiet: true });
    this.flush();
  }

  /** Empties the rows (the stream, if running, goes on). */
  clear(): void {
    this.rows = [];
    this.pendingRows = [];
    this.update({ rows: [], pending: 0, dropped: 0 });
  }

  private connect(): void {
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.url);
    } catch {
      this.closed(1006, '');
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.update({ status: 'open', attempts: 0, end: undefined });
      this.scheduleKeepAlive();
    };
    socket.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      let frame: F;
      try {
        frame = JSON.parse(ev.data) as F;
      } catch {
        return; // not a frame: nothing the page can show
      }
      this.pendingRows.push(frame);
      // While paused the buffer is capped too: what is dropped is counted, never grown without end.
      if (this.pendingRows.length > this.maxRows)
        this.dropOldest(this.pendingRows, this.pendingRows.length - this.maxRows);
      this.#store.set({ ...this.snapshot, received: this.snapshot.received + 1 }, { quiet: true });
      this.scheduleFlush();
    };
    // An error is always followed by a close, which decides what happens next.
    socket.onerror = () => {};
    socket.onclose = (ev) => this.closed(ev.code, ev.reason);
  }

  private closed(code: number, reason: string): void {
    this.socket = undefined;
    this.clearTimer('keepAlive');
    this.flush();
    const kind = endKind(code);
    const end = { kind, code, reason };
    const attempts = this.snapshot.attempts + 1;
    if (kind === 'lost' && this.options.reconnect && this.running && attempts <= this.options.maxAttempts) {
      this.update({ status: 'reconnecting', end, attempts });
      const wait = Math.min(BACKOFF_MS * 2 ** (attempts - 1), MAX_BACKOFF_MS);
      this.retry = this.options.setTimer(() => {
        this.retry = undefined;
        if (this.running) this.connect();
      }, wait);
      return;
    }
    this.running = false;
    this.clearTimers();
    this.update({ status: kind === 'complete' ? 'ended' : 'failed', end });
  }

  private scheduleKeepAlive(): void {
    this.keepAlive = this.options.setTimer(() => {
      const socket = this.socket;
      if (!socket || socket.readyState !== OPEN) return;
      socket.send(KEEP_ALIVE_MESSAGE);
      this.scheduleKeepAlive();
    }, SOCKET_KEEP_ALIVE_MS);
  }

  private scheduleFlush(): void {
    if (this.flushTimer !== undefined) return;
    this.flushTimer = this.options.setTimer(() => {
      this.flushTimer = undefined;
      this.flush();
    }, this.options.flushMs);
  }

  /** Moves arrived frames into `rows` (unless paused) and tells the listeners once. */
  private flush(): void {
    this.clearTimer('flushTimer');
    if (this.snapshot.paused) {
      this.update({ pending: this.pendingRows.length });
      return;
    }
    if (this.pendingRows.length > 0) {
      this.rows = this.rows.concat(this.pendingRows);
      this.pendingRows = [];
      if (this.rows.length > this.maxRows) this.dropOldest(this.rows, this.rows.length - this.maxRows);
    }
    this.update({ rows: this.rows, pending: 0 });
  }

  private dropOldest(list: F[], count: number): void {
    list.splice(0, count);
    this.#store.set({ ...this.snapshot, dropped: this.snapshot.dropped + count }, { quiet: true });
  }

  private clearTimer(name: 'keepAlive' | 'retry' | 'flushTimer'): void {
    if (this[name] !== undefined) this.options.clearTimer(this[name]);
    this[name] = undefined;
  }

  private clearTimers(): void {
    this.clearTimer('keepAlive');
    this.clearTimer('retry');
    this.clearTimer('flushTimer');
  }

  private update(change: Partial<LiveSnapshot<F>>): void {
    this.#store.set({ ...this.snapshot, ...change });
  }
}
