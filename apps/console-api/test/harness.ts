import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StoreOptions, startStore } from '@stowage/store';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Client } from 'minio';
import { type AppDeps, buildApp, createSessionStore } from '../src/app.js';
import { createStorageGateway } from '../src/clients/storage.js';
import { type ConsoleConfig, DEFAULT_CONFIG } from '../src/config.js';

export const ROOT = { accessKey: 'stowage-admin', secretKey: 'stowage-secret-key-1234' };

export interface Harness {
  app: FastifyInstance;
  storeUrl: string;
  /** The store's drive directories, to damage for heal tests. */
  drives: string[];
  config: ConsoleConfig;
  /** Every line the app logged, to check that no secret leaks. */
  logs: string[];
  /** Stops and starts the store on the same drives and port (identity settings need it). */
  restartStore(): Promise<void>;
  close(): Promise<void>;
}

/** A real store on a random port and the console app in front of it, driven by inject(). */
export async function startHarness(
  overrides: Partial<ConsoleConfig> = {},
  storeOptions: Pick<StoreOptions, 'identity' | 'trustedProxies' | 'relayToken' | 'kmsSecretKey'> = {},
  appDeps: Pick<AppDeps, 'listNodes' | 'clock' | 'jobs'> & Partial<Pick<AppDeps, 'sessions'>> = {},
): Promise<Harness> {
  const dir = await mkdtemp(join(tmpdir(), 'stowage-api-'));
  const drives = [join(dir, 'd1'), join(dir, 'd2'), join(dir, 'd3'), join(dir, 'd4')];
  let store = await startStore({ drives, port: 0, rootCredentials: ROOT, ...storeOptions });
  const config: ConsoleConfig = { ...DEFAULT_CONFIG, serverUrl: store.url, ...overrides };
  const logs: string[] = [];
  const app = await buildApp(
    {
      config,
      gateway: createStorageGateway(config.serverUrl, config.region, config.storageRelayToken),
      ...appDeps,
      sessions: appDeps.sessions ?? createSessionStore(config),
    },
    {
      level: 'trace',
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'],
      stream: { write: (line: string) => logs.push(line) },
    },
  );
  return {
    app,
    storeUrl: store.url,
    drives,
    config,
    logs,
    async restartStore() {
      const { port } = store;
      await store.close();
      store = await startStore({ drives, port, rootCredentials: ROOT, ...storeOptions });
    },
    async close() {
      await app.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface LoggedIn {
  cookie: string;
  csrf: string;
  setCookie: string;
}

export async function loginAs(
  app: FastifyInstance,
  accessKey: string,
  secretKey: string,
  base = '',
): Promise<LoggedIn> {
  const res = await app.inject({
    method: 'POST',
    url: `${base}/api/v1/login`,
    payload: { accessKey, secretKey },
  });
  return loggedIn(app, res, base);
}

/** Operator mode: logs in with a Kubernetes service-account token. */
export async function loginOperatorAs(app: FastifyInstance, jwt: string): Promise<LoggedIn> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/login/operator', payload: { jwt } });
  return loggedIn(app, res);
}

async function loggedIn(
  app: FastifyInstance,
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  base = '',
): Promise<LoggedIn> {
  if (res.statusCode !== 204) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const setCookie = String(res.headers['set-cookie']);
  const cookie = setCookie.split(';')[0] ?? '';
  const session = await app.inject({ method: 'GET', url: `${base}/api/v1/session`, headers: { cookie } });
  return { cookie, csrf: session.json().csrfToken, setCookie };
}

/** The Set-Cookie line of one cookie in a response ('' when it sets none of that name). */
export function setCookieNamed(res: { headers: Record<string, unknown> }, name: string): string {
  const raw = res.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw.map(String) : raw === undefined ? [] : [String(raw)];
  return lines.find((line) => line.startsWith(`${name}=`)) ?? '';
}

/** A call as `who`; mutations carry the CSRF header. */
export function callAs(
  app: FastifyInstance,
  who: LoggedIn,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { cookie: who.cookie };
  if (method !== 'GET') headers['x-csrf-token'] = who.csrf;
  return app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });
}

/** A real S3 client on the store, signed as root: to set up and check what the console did. */
export function storeS3(storeUrl: string, credentials = ROOT): Client {
  const url = new URL(storeUrl);
  return new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: credentials.accessKey,
    secretKey: credentials.secretKey,
    pathStyle: true,
  });
}
