import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from './support/browser.js';
import { type RunningProxy, readmeBlock, startCaddy, startNginx } from './support/proxies.js';
import { logIn } from './support/session.js';
import { type Stack, startStack } from './support/stack.js';

// The README's "Behind a reverse proxy" section run as written: `stowage start` with its flags,
// Debian's nginx (and Caddy) with its configuration, only the ports changed. nginx sends
// `Host $host`, which drops the port the browser used: the sockets must still work.

let stack: Stack;
let browser: Browser;
const proxies: RunningProxy[] = [];

/** The README's `stowage start ...` line, as arguments after `start`. */
async function readmeStartArgs(): Promise<string[]> {
  const line = (await readmeBlock('sh')).split('\n').find((l) => l.startsWith('stowage start '));
  if (!line) throw new Error('README: no stowage start line under "Behind a reverse proxy"');
  return line.split(/\s+/).slice(2);
}

beforeAll(async () => {
  [stack, browser] = await Promise.all([readmeStartArgs().then((args) => startStack(args)), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  for (const proxy of proxies) await proxy.stop();
  await stack?.stop();
});

const consoleAddress = () => `127.0.0.1:${stack.consolePort}`;

async function nginx(): Promise<RunningProxy> {
  const conf = await readmeBlock('nginx');
  const proxy = await startNginx((port) =>
    conf.replace('listen 8080;', `listen 127.0.0.1:${port};`).replace('127.0.0.1:9090', consoleAddress()),
  );
  proxies.push(proxy);
  return proxy;
}

async function caddy(): Promise<RunningProxy> {
  const file = await readmeBlock('caddyfile');
  const proxy = await startCaddy((port) =>
    file
      .replace('console.example.com', `http://127.0.0.1:${port}`)
      .replace('127.0.0.1:9090', consoleAddress()),
  );
  proxies.push(proxy);
  return proxy;
}

/** An S3 call for the trace to show: anonymous, so it is refused, but served and traced. */
const touchStore = (bucket: string) => fetch(`${stack.s3Url}/${bucket}/probe`).then((r) => r.arrayBuffer());

/**
 * Opens `url` as a WebSocket from the page; resolves with the first frame, or with the close
 * code and reason when the socket closes first. `onOpen` runs in the test once it is open.
 */
async function firstMessage(page: Page, url: string, onOpen: () => Promise<unknown> = async () => {}) {
  await page.evaluate((socketUrl) => {
    const w = window as unknown as { socketResult?: unknown; socketOpen?: boolean };
    const ws = new WebSocket(socketUrl);
    ws.onopen = () => {
      w.socketOpen = true;
    };
    ws.onmessage = (e) => {
      w.socketResult ??= { frame: JSON.parse(String(e.data)) };
      ws.close();
    };
    ws.onclose = (e) => {
      w.socketResult ??= { code: e.code, reason: e.reason };
    };
  }, url);
  await page.waitForFunction(() => {
    const w = window as unknown as { socketResult?: unknown; socketOpen?: boolean };
    return w.socketOpen || w.socketResult;
  });
  await onOpen();
  const result = await page.waitForFunction(
    () => (window as unknown as { socketResult?: unknown }).socketResult,
  );
  return result.jsonValue() as Promise<{
    frame?: { path: string; statusCode: number };
    code?: number;
    reason?: string;
  }>;
}

async function throughProxy(proxy: RunningProxy, bucket: string) {
  const page = await browser.newPage();
  const base = `${proxy.url}/stowage`;
  await logIn(page, base, stack.rootUser, stack.rootPassword);
  expect(new URL(page.url()).pathname.startsWith('/stowage/')).toBe(true);
  // an API call from the page, with its session cookie, through the proxy
  const session = await page.evaluate(async () => {
    const res = await fetch('/stowage/api/v1/session');
    return { status: res.status, body: await res.json() };
  });
  expect(session).toMatchObject({ status: 200, body: { status: 'ok' } });
  // a live stream opened by the page through the proxy shows an S3 call made meanwhile
  const result = await firstMessage(
    page,
    `ws://127.0.0.1:${proxy.port}/stowage/ws/trace?calls=s3&path=${bucket}`,
    () => touchStore(bucket),
  );
  expect(result.frame?.path).toBe(`/${bucket}/probe`);
  await page.close();
}

describe('behind a reverse proxy, under /stowage/', () => {
  test("nginx with the README's configuration (Host without the port): login, API and a live trace", async () => {
    await throughProxy(await nginx(), 'through-nginx');
  });

  test('a page of another site gets no stream through the proxy, and is told why', async () => {
    const proxy = proxies[0] ?? (await nginx());
    // Another site on this machine (Chromium keeps public pages from loopback addresses
    // altogether): a blank page served as localhost, where the console is 127.0.0.1.
    const other = createServer((_req, res) => res.end('<!doctype html><title>elsewhere</title>'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const page = await browser.newPage();
    try {
      const origin = `http://localhost:${(other.address() as AddressInfo).port}`;
      await page.goto(`${origin}/`);
      const result = await firstMessage(page, `ws://127.0.0.1:${proxy.port}/stowage/ws/trace`);
      expect(result).toEqual({
        code: 1008,
        reason: `origin ${origin} is not allowed: set --allowed-origins`,
      });
      expect(stack.output()).toContain(
        `warning: refused a socket to /stowage/ws/trace from a page at ${origin}: it is not the console's origin (Host http://127.0.0.1)`,
      );
    } finally {
      await page.close();
      await new Promise((resolve) => other.close(resolve));
    }
  });

  test("Caddy with the README's Caddyfile: login, API and a live trace", async () => {
    await throughProxy(await caddy(), 'through-caddy');
  });
});
