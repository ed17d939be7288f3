import http from 'node:http';
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
const body = Buffer.alloc(1 << 20, 1);
let next = 0; const N = 512; const t = performance.now();
await Promise.all(Array.from({ length: 8 }, async () => { while (next++ < N) await new Promise((r, j) => { const q = http.request('http://127.0.0.1:9399/x', { method: 'PUT', agent, headers: { 'content-length': body.length } }, (res) => { res.resume(); res.on('end', r); }); q.on('error', j); q.end(body); }); }));
console.log('MiB/s', (N / ((performance.now() - t) / 1000)).toFixed(0));
agent.destroy();
