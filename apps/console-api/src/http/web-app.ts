import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

function safeDecode(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

async function listFiles(root: string): Promise<Set<string>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return new Set(
    entries
      .filter((e) => e.isFile())
      .map((e) => `/${relative(root, join(e.parentPath, e.name)).split('\\').join('/')}`),
  );
}

/** Path segments only: the prefix lands in an HTML attribute, so nothing that could end it. */
const FORWARDED_PREFIX = /^(\/(?!\.\.?(?:\/|$))[A-Za-z0-9\-._~]+)+$/;

/**
 * The path a reverse proxy serves this console under (`X-Forwarded-Prefix`), e.g. operator
 * mode's tenant proxy `/api/proxy/{namespace}/{tenant}`; '' when absent or not a plain path.
 */
export function forwardedPrefix(request: FastifyRequest): string {
  const value = request.headers['x-forwarded-prefix'];
  return typeof value === 'string' && FORWARDED_PREFIX.test(value) ? value : '';
}

/**
 * Serves the built single-page app under the base path. index.html carries `<base href="/">`,
 * rewritten here so one build runs under any base path chosen at start-up, behind any prefix a
 * proxy names: the page then loads its files and calls its API through that proxy. The prefix
 * only moves the page's own links within the origin it was asked from, so it needs no trust.
 * Files are looked up in a list made at start, so no request path ever reaches the filesystem.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string, basePath: string): Promise<void> {
  const template = await readFile(join(webRoot, 'index.html'), 'utf8');
  const indexFor = (prefix: string) =>
    template.replace(/<base href="[^"]*"\s*\/?>/, `<base href="${prefix}${basePath}/" />`);
  const index = indexFor('');
  const files = await listFiles(webRoot);
  files.delete('/index.html');
  await app.register(fastifyStatic, { root: webRoot, serve: false });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const prefix = forwardedPrefix(request);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'X-Forwarded-Prefix')
      .send(prefix ? indexFor(prefix) : index);
  };

  app.get(`${basePath}/*`, async (request, reply) => {
    const path = safeDecode((request.url.split('?')[0] ?? '').slice(basePath.length));
    if (path === undefined) throw new ApiError('badRequest', 'malformed percent-encoding in the path');
    if (path.startsWith('/api/')) return reply.callNotFound();
    if (files.has(path)) {
      // Vite names assets by content hash, so they can be cached for good.
      const immutable = path.startsWith('/assets/');
      return reply.sendFile(path.slice(1), { maxAge: immutable ? 31_536_000_000 : 0, immutable });
    }
    // Client-side routes get the app shell.
    return sendIndex(request, reply);
  });
  if (basePath) app.get(basePath, async (request, reply) => sendIndex(request, reply));
}
