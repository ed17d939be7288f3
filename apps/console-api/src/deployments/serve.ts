import { createServer, type Server } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildApp, createSessionStore } from '../app.js';
import { createStorageGateway } from '../clients/storage.js';
import { type ConsoleConfig, DEFAULT_CONFIG } from '../config.js';
import { CookiePolicy } from '../session/cookie.js';
import { DeploymentDirectory, type DeploymentEntry } from './directory.js';
import type { DeploymentSettings, RootDeployment } from './settings.js';

/** `stowage-console.sqlite` -> `stowage-console-eu.sqlite`: share links and jobs never cross deployments. */
export function databaseFileFor(path: string, id: string): string {
  return /\.sqlite$/.test(path) ? path.replace(/\.sqlite$/, `-${id}.sqlite`) : `${path}-${id}`;
}

/**
 * A listed deployment's configuration: the console-wide settings (cookies, proxies, sessions'
 * lifetimes, the web app) with its own server, region and path. What belongs to the root
 * deployment's server stays with it: the relay secret and root user of the embedded store, its
 * Prometheus, audit log, directory and single sign-on logins.
 */
export function deploymentConfig(root: ConsoleConfig, deployment: DeploymentSettings): ConsoleConfig {
  const {
    storageRelayToken: _relay,
    rootAccessKey: _rootUser,
    prometheusUrl: _prometheus,
    auditLog: _audit,
    openId: _openId,
    operator: _operator,
    publicServerUrl: _publicServer,
    databasePath,
    ...shared
  } = root;
  return {
    ...shared,
    serverUrl: deployment.serverUrl,
    region: deployment.region ?? DEFAULT_CONFIG.region,
    basePath: `${root.basePath}/d/${deployment.id}`,
    prometheusJobId: DEFAULT_CONFIG.prometheusJobId,
    ldap: false,
    deployment: { id: deployment.id, root: false, consoleBasePath: root.basePath },
    ...(deployment.publicServerUrl ? { publicServerUrl: deployment.publicServerUrl } : {}),
    ...(databasePath && databasePath !== ':memory:'
      ? { databasePath: databaseFileFor(databasePath, deployment.id) }
      : {}),
  };
}

export interface DeploymentsOptions {
  /** The root deployment's configuration, as for a console without deployments. */
  config: ConsoleConfig;
  root: RootDeployment;
  others: readonly DeploymentSettings[];
  warn?: (line: string) => void;
  logger?: FastifyServerOptions['logger'];
}

export interface DeploymentsConsole {
  /** Answers every deployment's requests and sockets: listen on it. */
  server: Server;
  apps: FastifyInstance[];
  close(): Promise<void>;
}

/**
 * One console app per deployment, each with its own gateway, session store and cookies, behind
 * one HTTP server that hands `/d/<id>/…` (requests and socket upgrades) to that deployment's
 * app and everything else to the root deployment's.
 */
export async function buildDeployments(opts: DeploymentsOptions): Promise<DeploymentsConsole> {
  if (opts.config.operator) throw new Error('operator mode manages tenants, not a list of deployments');
  const rootConfig: ConsoleConfig = {
    ...opts.config,
    deployment: { id: opts.root.id, root: true, consoleBasePath: opts.config.basePath },
  };
  const configs = [
    { ...opts.root, config: rootConfig },
    ...opts.others.map((d) => ({ id: d.id, name: d.name, config: deploymentConfig(opts.config, d) })),
  ];
  const entries: (DeploymentEntry & { config: ConsoleConfig })[] = configs.map(({ id, name, config }) => ({
    id,
    name,
    basePath: config.basePath,
    config,
    sessions: createSessionStore(config),
    cookies: new CookiePolicy(config),
  }));
  const directory = new DeploymentDirectory(entries);
  const apps: FastifyInstance[] = [];
  try {
    for (const entry of entries) {
      const app = await buildApp(
        {
          config: entry.config,
          gateway: createStorageGateway(
            entry.config.serverUrl,
            entry.config.region,
            entry.config.storageRelayToken,
          ),
          sessions: entry.sessions,
          deployments: directory,
          ...(opts.warn ? { warn: opts.warn } : {}),
        },
        opts.logger,
      );
      apps.push(app);
      await app.ready();
    }
  } catch (err) {
    await Promise.all(apps.map((a) => a.close()));
    throw err;
  }
  const [rootApp, ...listed] = apps as [FastifyInstance, ...FastifyInstance[]];
  const prefixes = listed.map((app, i) => ({ prefix: entries[i + 1]?.basePath ?? '', app }));
  const appFor = (url: string | undefined): FastifyInstance => {
    const path = (url ?? '/').split('?')[0] ?? '/';
    const found = prefixes.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
    return found?.app ?? rootApp;
  };
  // Each app's own (never listening) server carries its request and upgrade handlers.
  const server = createServer((request, response) =>
    appFor(request.url).server.emit('request', request, response),
  );
  server.on('upgrade', (request, socket, head) =>
    appFor(request.url).server.emit('upgrade', request, socket, head),
  );
  server.keepAliveTimeout = 72_000;
  return {
    server,
    apps,
    async close() {
      const stopped = new Promise<void>((resolve) =>
        server.listening ? server.close(() => resolve()) : resolve(),
      );
      // The apps end their live streams first; then no connection is left to wait for.
      await Promise.all(apps.map((a) => a.close()));
      server.closeAllConnections();
      await stopped;
    },
  };
}
