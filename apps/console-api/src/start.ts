import { buildApp, createSessionStore } from './app.js';
import { createStorageGateway } from './clients/storage.js';
import { type ConsoleConfig, DEFAULT_CONFIG } from './config.js';

export interface StartConsoleOptions extends Partial<ConsoleConfig> {
  serverUrl: string;
  host?: string;
  port?: number;
  /** Print request logs (secrets redacted). */
  log?: boolean;
  /** Where warnings for the operator go (a refused socket origin); the CLI prints them. */
  warn?: (line: string) => void;
}

/** Start the console API (and web app when webRoot is set) listening on host:port. */
export async function startConsole(
  opts: StartConsoleOptions,
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const { host = '127.0.0.1', port = 9090, log = false, warn, ...rest } = opts;
  const config: ConsoleConfig = { ...DEFAULT_CONFIG, ...rest };
  const app = await buildApp(
    {
      config,
      gateway: createStorageGateway(config.serverUrl, config.region, config.storageRelayToken),
      sessions: createSessionStore(config),
      ...(warn ? { warn } : {}),
    },
    log
      ? {
          level: 'info',
          redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'],
        }
      : false,
  );
  await app.listen({ host, port });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host}:${actualPort}${config.basePath}`,
    port: actualPort,
    close: () => app.close(),
  };
}
