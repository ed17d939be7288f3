import { randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  type KubeCluster,
  normaliseBasePath,
  ownTokenFile,
  parseDeploymentSettings,
  type RootDeployment,
  resolveKubeCluster,
  serviceAddressingFromEnv,
  startConsole,
  subnetSettingsFromEnv,
} from '@stowage/console-api';
import { type Credentials, formatConfigLine, MadminClient } from '@stowage/madmin';
import type { Command, ConsoleFlags } from '../args.js';
import { findWebRoot } from './web-root.js';

/**
 * The deployments settings file, read and checked before anything starts: a mistake in it is
 * an error naming the file, the entry and the setting.
 */
async function readDeployments(file: string | undefined, root: RootDeployment) {
  if (!file) return undefined;
  const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    throw new Error(`cannot read the deployments file ${file}: ${err.code ?? err.message}`);
  });
  return { root, others: parseDeploymentSettings(text, file, root) };
}

/** The store (LMDB, erasure coding) loads only for the commands that run it: `console` stays small. */
const loadStore = () => import('@stowage/store');

export interface Running {
  close(): Promise<void>;
}

type Print = (line: string) => void;

/** A secret the operator chose via the environment is not echoed into terminal logs. */
function secretLine(root: { secretKey: string; source: string }): string {
  return root.source === 'env' ? '(as set in the environment)' : root.secretKey;
}

const DRIVES_PER_START = 4;

/**
 * Audit entries and the console's database are kept beside the store's data for start, in the
 * working directory otherwise.
 */
async function runConsole(
  serverUrl: string,
  flags: ConsoleFlags,
  print: Print,
  dataDir = '.',
  storageRelayToken?: string,
  operator?: { cluster: KubeCluster; ownTokenFile: string | undefined },
  deployments?: Awaited<ReturnType<typeof readDeployments>>,
) {
  const webRoot = findWebRoot();
  if (!webRoot) print('warning: the web app is not built (npm run build); serving the API only');
  return startConsole({
    serverUrl,
    host: flags.address,
    port: flags.consolePort,
    basePath: normaliseBasePath(flags.basePath),
    secureCookies: flags.secureCookies,
    trustProxy: flags.trustProxy,
    allowedOrigins: flags.allowedOrigins,
    warn: print,
    ...(flags.rootUser ? { rootAccessKey: flags.rootUser } : {}),
    ...(storageRelayToken ? { storageRelayToken } : {}),
    webRoot,
    ...(flags.prometheusUrl ? { prometheusUrl: flags.prometheusUrl } : {}),
    ...(flags.prometheusJob ? { prometheusJobId: flags.prometheusJob } : {}),
    ldap: flags.ldap,
    ...(operator
      ? {
          operator: {
            cluster: operator.cluster,
            services: serviceAddressingFromEnv(process.env),
            subnet: subnetSettingsFromEnv(process.env),
            ...(operator.ownTokenFile ? { ownTokenFile: operator.ownTokenFile } : {}),
            ...(process.env.CONSOLE_MINIO_IMAGE?.trim()
              ? { minioImage: process.env.CONSOLE_MINIO_IMAGE.trim() }
              : {}),
          },
        }
      : {}),
    ...(flags.openId ? { openId: flags.openId } : {}),
    databasePath: flags.databasePath ?? join(dataDir, 'stowage-console.sqlite'),
    ...(flags.publicServerUrl ? { publicServerUrl: flags.publicServerUrl } : {}),
    ...(flags.publicConsoleUrl ? { publicConsoleUrl: flags.publicConsoleUrl } : {}),
    ...(flags.uploads ? { uploads: flags.uploads } : {}),
    ...(flags.downloads ? { downloads: flags.downloads } : {}),
    ...(deployments ? { deployments } : {}),
    ...(flags.auditLog
      ? {
          auditLog: {
            ...flags.auditLog,
            sqlitePath: flags.auditLog.sqlitePath ?? join(dataDir, 'stowage-audit.sqlite'),
          },
        }
      : {}),
  });
}

/** The console's ingest URL as the store, on this machine, reaches it. */
function ingestUrl(consoleUrl: string): string {
  const url = new URL(`${consoleUrl}/api/v1/audit/ingest`);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = '127.0.0.1';
  return url.href;
}

/**
 * `start` gives audit log search out of the box: unless the operator chose a token, each run
 * makes a fresh one, and the store's audit webhook target `console` is (re)pointed at this
 * console with it, over the admin API as any server would be configured.
 */
async function wireAuditWebhook(storeUrl: string, root: Credentials, consoleUrl: string, token: string) {
  const admin = new MadminClient({ endpoint: storeUrl, credentials: root });
  await admin.config.setKV(
    formatConfigLine('audit_webhook:console', [
      { key: 'enable', value: 'on' },
      { key: 'endpoint', value: ingestUrl(consoleUrl) },
      { key: 'auth_token', value: token },
    ]),
  );
}

export async function runCommand(
  cmd: Exclude<Command, { command: 'help' }>,
  env: NodeJS.ProcessEnv,
  print: Print,
): Promise<Running> {
  switch (cmd.command) {
    case 'start': {
      const dataDir = resolve(cmd.dataDir);
      const deployments = await readDeployments(cmd.deploymentsFile, { id: 'local', name: 'Local' });
      const drives = Array.from({ length: DRIVES_PER_START }, (_, i) => join(dataDir, `drive${i + 1}`));
      for (const d of drives) await mkdir(d, { recursive: true });
      const { formatLogJson, formatLogLine, loadRootCredentials, startStore } = await loadStore();
      const logLine = cmd.logJson ? formatLogJson : formatLogLine;
      const root = await loadRootCredentials(dataDir, env);
      const relayToken = randomBytes(32).toString('base64url');
      const store = await startStore({
        drives,
        host: cmd.address,
        port: cmd.port,
        rootCredentials: root,
        log: (entry) => print(logLine(entry)),
        trustedProxies: cmd.storeTrustProxy,
        // The console below relays each browser's address with its logins, proving it with this
        // token: the store counts failed logins per browser, not all against the console.
        relayToken,
        // The admin API's service stop ends the process as a signal would.
        onStop: () => process.kill(process.pid, 'SIGTERM'),
        ...(cmd.parity === undefined ? {} : { parity: cmd.parity }),
      });
      const auditLog = cmd.auditLog ?? { token: randomBytes(24).toString('base64url'), retentionDays: 30 };
      const consoleServer = await runConsole(
        store.url,
        { ...cmd, auditLog, rootUser: root.accessKey },
        print,
        dataDir,
        relayToken,
        undefined,
        deployments,
      )
        .then(async (server) => {
          await wireAuditWebhook(store.url, root, server.url, auditLog.token).catch(async (err: unknown) => {
            await server.close();
            throw err;
          });
          return server;
        })
        .catch(async (err: unknown) => {
          await store.close();
          throw err;
        });
      print(`Stowage is running.`);
      print(`  Console:    ${consoleServer.url}/`);
      print(`  S3 API:     ${store.url}`);
      print(`  Data:       ${dataDir} (${drives.length} drives)`);
      print(`  RootUser:   ${root.accessKey}`);
      print(`  RootPass:   ${secretLine(root)}`);
      return { close: async () => void (await Promise.all([consoleServer.close(), store.close()])) };
    }
    case 'server': {
      const drives = cmd.drives.map((d) => resolve(d));
      // A drive that cannot be made yet (a file in the way, no permission) starts offline.
      for (const d of drives) await mkdir(d, { recursive: true }).catch(() => {});
      const { formatLogJson, formatLogLine, loadRootCredentials, startStore } = await loadStore();
      const logLine = cmd.logJson ? formatLogJson : formatLogLine;
      const root = await loadRootCredentials(drives, env);
      const store = await startStore({
        drives,
        host: cmd.address,
        port: cmd.port,
        rootCredentials: root,
        log: (entry) => print(logLine(entry)),
        trustedProxies: cmd.storeTrustProxy,
        // The admin API's service stop ends the process as a signal would.
        onStop: () => process.kill(process.pid, 'SIGTERM'),
        ...(cmd.parity === undefined ? {} : { parity: cmd.parity }),
      });
      print(`Stowage store is running.`);
      print(`  S3 API:     ${store.url}`);
      print(`  Drives:     ${drives.join(', ')}`);
      print(`  RootUser:   ${root.accessKey}`);
      print(`  RootPass:   ${secretLine(root)}`);
      return store;
    }
    case 'console': {
      if (cmd.operator) {
        const cluster = await resolveKubeCluster(cmd.operator.kubeconfig, process.env);
        const consoleServer = await runConsole(cmd.serverUrl, cmd, print, '.', undefined, {
          cluster,
          ownTokenFile: ownTokenFile(cmd.operator.kubeconfig, process.env),
        });
        print(`Stowage operator console is running for the Kubernetes API at ${cluster.server}.`);
        print(`  Console:    ${consoleServer.url}/`);
        return consoleServer;
      }
      const deployments = await readDeployments(cmd.deploymentsFile, {
        id: 'default',
        name: new URL(cmd.serverUrl).host,
      });
      const consoleServer = await runConsole(
        cmd.serverUrl,
        cmd,
        print,
        '.',
        undefined,
        undefined,
        deployments,
      );
      print(`Stowage console is running for ${cmd.serverUrl}.`);
      print(`  Console:    ${consoleServer.url}/`);
      return consoleServer;
    }
  }
}
