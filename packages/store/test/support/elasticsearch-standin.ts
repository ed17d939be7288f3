import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// Elasticsearch is not packaged by Debian, so it cannot run here. This stand-in answers the
// REST calls an indexing client makes, as Elasticsearch 8 answers them: GET / (version),
// GET /_resolve/index/<name>, PUT /<index>, PUT|POST /<index>/_doc[/<id>], HEAD and DELETE
// of a document; every call needs HTTP basic auth. The store's real client code is what the
// test exercises.

export interface ElasticsearchStandIn {
  url: string;
  username: string;
  password: string;
  indices: Map<string, Map<string, unknown>>;
  /** Method and path of every call, in order. */
  calls: string[];
  close(): Promise<void>;
}

export async function startElasticsearchStandIn(version = '8.11.0'): Promise<ElasticsearchStandIn> {
  const username = 'elastic';
  const password = 'es-test-password';
  const indices = new Map<string, Map<string, unknown>>();
  const calls: string[] = [];
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body?: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(body === undefined || req.method === 'HEAD' ? undefined : JSON.stringify(body));
      };
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
      calls.push(`${req.method} ${path}`);
      if (req.headers.authorization !== expected) return reply(401, { error: 'security_exception' });
      const parts = path.split('/').filter(Boolean);
      if (req.method === 'GET' && parts.length === 0) return reply(200, { version: { number: version } });
      if (req.method === 'GET' && parts[0] === '_resolve')
        return reply(200, { indices: indices.has(parts[2]!) ? [{ name: parts[2] }] : [], aliases: [] });
      const [index, kind, id] = parts as [string, string?, string?];
      if (req.method === 'PUT' && parts.length === 1) {
        if (indices.has(index)) return reply(400, { error: 'resource_already_exists_exception' });
        indices.set(index, new Map());
        return reply(200, { acknowledged: true, index });
      }
      const docs = indices.get(index);
      if (!docs || kind !== '_doc') return reply(404, { error: 'index_not_found_exception' });
      const body = () => JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
      if (req.method === 'POST' && !id) {
        const made = randomUUID();
        docs.set(made, body());
        return reply(201, { _id: made, result: 'created' });
      }
      if (req.method === 'PUT' && id) {
        const existed = docs.has(id);
        docs.set(id, body());
        return reply(existed ? 200 : 201, { _id: id, result: existed ? 'updated' : 'created' });
      }
      if (req.method === 'HEAD' && id) return reply(docs.has(id) ? 200 : 404);
      if (req.method === 'DELETE' && id)
        return docs.delete(id) ? reply(200, { result: 'deleted' }) : reply(404, { result: 'not_found' });
      reply(405, { error: 'method not allowed' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    username,
    password,
    indices,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
