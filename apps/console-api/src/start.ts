import type { Server } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { buildApp, createSessionStore } from './app.js';
import { createStorageGateway } from './clients/storage.js';
import { type ConsoleConfig, DEFAULT_CONFIG } from './config.js';
import { buildDeployments } from './deployments/serve.js';
import type { DeploymentSettings, RootDeployment } from './deployments/settings.js';

export interface StartConsoleOptions extends Partial<ConsoleConfig> {
  serverUrl: string;
  host?: string;
  port?: number;
  /** Print request logs (secrets redacted). */
  log?: boolean;
  /** Where warnings for the operator go (a refused socket origin); the CLI prints them. */
  warn?: (line: string) => void;
  /** The deployments settings file's list, each served under `/d/<id>/`; `root` names serverUrl's. */
  deployments?: { root: RootDeployment; others: DeploymentSettings[] };
}

/** Start the console API (and web app when webRoot is set) listening on host:port. */
export async function startConsole(
  opts: StartConsoleOptions,
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  const { host = '127.0.0.1', port = 9090, log = false, warn, deployments, ...rest } = opts;
  const config: ConsoleConfig = { ...DEFAULT_CONFIG, ...rest };
  const logger: FastifyServerOptions['logger'] = log
    ? {
        level: 'info',
        redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'],
      }
    : false;
  const listening = deployments
    ? await listenDeployments(config, deployments, host, port, logger, warn)
    : await listenSingle(config, host, port, logger, warn);
  return { url: `http://${host}:${listening.port}${config.basePath}`, ...listening };
}

type Listening = { port: number; close(): Promise<void> };

async function listenSingle(
  config: ConsoleConfig,
  host: string,
  port: number,
  logger: FastifyServerOptions['logger'],
  warn: ((line: string) => void) | undefined,
): Promise<Listening> {
  const app = await buildApp(
    {
      config,
      gateway: createStorageGateway(config.serverUrl, config.region, config.storageRelayToken),
      sessions: createSessionStore(config),
      ...(warn ? { warn } : {}),
    },
    logger,
  );
  await app.listen({ host, port });
  return { port: boundPort(app.server, port), close: () => app.close() };
}

async function listenDeployments(
  config: ConsoleConfig,
  { root, others }: NonNullable<StartConsoleOptions['deployments']>,
  host: string,
  port: number,
  logger: FastifyServerOptions['logger'],
  warn: ((line: string) => void) | undefined,
): Promise<Listening> {
  const served = await buildDeployments({ config, root, others, logger, ...(warn ? { warn } : {}) });
  try {
    await new Promise<void>((resolve, reject) => {
      served.server.once('error', reject);
      served.server.listen({ host, port }, () => resolve());
    });
  } catch (err) {
    await served.close();
    throw err;
  }
  return { port: boundPort(served.server, port), close: () => served.close() };
}

function boundPort(server: Server, fallback: number): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : fallback;
}
