import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';

const WEB_DIST = new URL('../../apps/console-web/dist/', import.meta.url).pathname;
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/**
 * A front server as an administrator might deploy one: it serves the built web app itself and
 * forwards /api/ to the console API, answering 502 while that is down (as nginx would).
 */
export async function startFrontProxy(apiPort: number): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path.startsWith('/api/')) {
      try {
        const upstream = await fetch(`http://127.0.0.1:${apiPort}${req.url}`, {
          method: req.method,
          headers: { cookie: req.headers.cookie ?? '' },
        });
        res.writeHead(upstream.status, {
          'content-type': upstream.headers.get('content-type') ?? 'application/json',
        });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      } catch {
        res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>502 Bad Gateway</h1>');
      }
      return;
    }
    const file = normalize(join(WEB_DIST, path));
    const body = file.startsWith(WEB_DIST) ? await readFile(file).catch(() => undefined) : undefined;
    if (body && extname(file)) {
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end(await readFile(join(WEB_DIST, 'index.html')));
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}
