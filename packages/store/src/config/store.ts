import { randomUUID } from 'node:crypto';
import {
  decodeHistory,
  decodeServerConfig,
  encodeHistory,
  encodeServerConfig,
  type HistoryEntry,
} from '../format/server-config.js';
import { type ConfigEnv, withEnv } from './env.js';
import { ConfigError, type ServerConfig } from './kv.js';

// The server configuration as the admin API changes it: one document, changed one change
// at a time, each set recorded in the history so that it can be restored. The server runs
// with that document under what the environment sets (MINIO_<SUBSYS>_<KEY>, read at start).

const CONFIG = 'config/server.json';
const HISTORY = 'config/history.json';
/** Oldest entries go first past this many. */
const MAX_HISTORY = 100;

/** Where the documents are kept: the engine's system store, of which these two calls suffice. */
export interface ConfigDocuments {
  read(path: string): Promise<unknown | undefined>;
  write(path: string, value: unknown): Promise<void>;
}

export class ServerConfigStore {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<(config: ServerConfig) => void>();

  private running: ServerConfig;

  private constructor(
    private readonly system: ConfigDocuments,
    private current: ServerConfig,
    private readonly check: (config: ServerConfig) => void,
    readonly env: ConfigEnv,
  ) {
    this.running = withEnv(current, env);
  }

  /**
   * `check` judges every change against the server it would run on (storage class parity
   * against the drives); it throws a ConfigError to refuse it, and nothing is stored.
   */
  static async open(
    system: ConfigDocuments,
    check: (config: ServerConfig) => void = () => {},
    env: ConfigEnv = new Map(),
  ): Promise<ServerConfigStore> {
    return new ServerConfigStore(system, decodeServerConfig(await system.read(CONFIG)), check, env);
  }

  /** What the server runs with: the stored configuration under the environment's values. */
  get config(): Readonly<ServerConfig> {
    return this.running;
  }

  /** What the admin API stored (get-config-kv prints it, changes start from it). */
  get stored(): Readonly<ServerConfig> {
    return this.current;
  }

  /** Calls `listener` after every change (dynamic subsystems apply themselves this way). */
  onChange(listener: (config: ServerConfig) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Replaces the configuration with what `change` makes of it; `text` goes to the history. */
  update<T>(
    change: (config: ServerConfig) => { config: ServerConfig; result: T },
    text?: string,
  ): Promise<T> {
    const run = this.queue.then(async () => {
      const { config, result } = change(this.current);
      const running = withEnv(config, this.env);
      this.check(running);
      await this.system.write(CONFIG, encodeServerConfig(config));
      this.current = config;
      this.running = running;
      for (const listener of this.listeners) listener(running);
      if (text !== undefined) {
        const history = await this.history();
        history.push({ restoreId: randomUUID(), createTime: new Date().toISOString(), data: text });
        await this.system.write(HISTORY, encodeHistory(history.slice(-MAX_HISTORY)));
      }
      return result;
    });
    this.queue = run.catch(() => {});
    return run;
  }

  async history(): Promise<HistoryEntry[]> {
    return decodeHistory(await this.system.read(HISTORY));
  }

  /** Removes one entry (or every one, for 'all'); returns the removed entry. */
  async dropHistory(restoreId: string): Promise<HistoryEntry | undefined> {
    const history = await this.history();
    if (restoreId === 'all') {
      await this.system.write(HISTORY, encodeHistory([]));
      return undefined;
    }
    const entry = history.find((e) => e.restoreId === restoreId);
    if (!entry) throw new ConfigError(`restore id '${restoreId}' not found`, 'notFound');
    await this.system.write(HISTORY, encodeHistory(history.filter((e) => e !== entry)));
    return entry;
  }
}
