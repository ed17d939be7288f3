import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
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

/**
 * Serves the built single-page app under the base path. index.html carries `<base href="/">`,
 * rewritten here so one build runs under any base path chosen at start-up. Files are looked up
 * in a list made at start, so no request path ever reaches the filesystem.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string, basePath: string): Promise<void> {
  const template = await readFile(join(webRoot, 'index.html'), 'utf8');
  const index = template.replace(/<base href="[^"]*"\s*\/?>/, `<base href="${basePath}/" />`);
  const files = await listFiles(webRoot);
  files.delete('/index.html');
  await app.register(fastifyStatic, { root: webRoot, serve: false });

  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(index);

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
    return sendIndex(reply);
  });
  if (basePath) app.get(basePath, async (_request, reply) => sendIndex(reply));
}
