// Ceph's S3 gateway (radosgw) on a one-host cluster made for the run: a second peer, a
// mature store in C++ from Debian's packages (apt-get install ceph-mon ceph-osd radosgw;
// Ceph 16.2 in bookworm). One monitor, one BlueStore OSD per drive (each on a sparse file
// in the given folder, on the same disk as the store's drives), and the gateway. With four
// OSDs the gateway's data pool is erasure-coded 2+2 over them, as the store codes its four
// drives; with one it keeps one copy. No cephx (nothing leaves 127.0.0.1) and no manager
// daemon (nothing here needs its statistics). BlueStore writes large data with O_DIRECT
// and commits through RocksDB's fsynced log: a write is durable when acknowledged.
import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pinned } from './cpu.mjs';
import { freePort } from './ports.mjs';

const run = promisify(execFile);
const BIN = '/usr/bin';

const installed = () =>
  ['ceph', 'ceph-mon', 'ceph-osd', 'radosgw', 'radosgw-admin'].every((b) => existsSync(join(BIN, b)));

/**
 * The peer's release (e.g. "16.2.15") when Ceph is installed and not turned off with
 * BENCH_CEPH=0; else undefined, and the benchmarks leave the peer out.
 */
export async function cephPeer() {
  if (process.env.BENCH_CEPH === '0' || !installed()) return undefined;
  const { stdout } = await run(join(BIN, 'ceph'), ['--version']);
  return /ceph version (\S+)/.exec(stdout)?.[1] ?? 'unknown';
}

/** The peer as the benchmarks' sections describe it (each adds how it ran there). */
export const cephSetup = (release) => `Ceph ${release}'s S3 gateway (radosgw, Debian's package) on a
one-host cluster made for the run (bench/src/ceph-rgw-process.mjs): its data pool erasure-coded
2+2 over four BlueStore OSDs, each on a file on the same disk as the store's drives, its metadata
pools (bucket indexes among them) in three copies; one monitor, no manager. Like the store, it
acknowledges a write once it is durable.`;

function config(dir, fsid, monPort, rgwPort, drives) {
  // The metadata pools (bucket indexes among them) keep three copies where there are four
  // drives: like the data pool's 2+2, they survive two lost drives.
  const copies = Math.min(drives, 3);
  return `[global]
fsid = ${fsid}
mon_host = v1:127.0.0.1:${monPort}
public_addr = 127.0.0.1
ms_bind_ipv6 = false
ms_bind_msgr2 = false
auth_cluster_required = none
auth_service_required = none
auth_client_required = none
auth_allow_insecure_global_id_reclaim = true
osd_pool_default_size = ${copies}
osd_pool_default_min_size = ${copies > 1 ? 2 : 1}
osd_pool_default_pg_num = 16
osd_pool_default_pgp_num = 16
osd_pool_default_pg_autoscale_mode = off
mon_allow_pool_size_one = true
mon_warn_on_pool_no_redundancy = false
mon_data_avail_warn = 1
mon_data_avail_crit = 0
osd_crush_chooseleaf_type = 0
run_dir = ${dir}/run
admin_socket = ${dir}/run/$name.asok
log_file = ${dir}/log/$name.log
keyring = ${dir}/keyring
[mon]
mon_data = ${dir}/mon.$id
[osd]
osd_data = ${dir}/osd.$id
osd_objectstore = bluestore
bluestore_block_create = true
bluestore_block_size = 17179869184
osd_memory_target = 1610612736
osd_crush_update_on_start = false
osd_class_update_on_start = false
[client.rgw.bench]
rgw_frontends = beast endpoint=127.0.0.1:${rgwPort}
rgw_data = ${dir}/rgw
`;
}

/**
 * Makes and starts the cluster in `dir` (empty or missing) with `drives` OSDs, every daemon
 * pinned to `opts.cpu` when given; resolves once the gateway answers S3 requests signed
 * with `credentials` ({accessKey, secretKey}), to {url, close, pids} (every daemon's PID).
 */
export async function startCephRgwProcess(dir, credentials, opts = {}) {
  const drives = opts.drives ?? 4;
  const [monPort, rgwPort] = [await freePort(), await freePort()];
  const conf = join(dir, 'ceph.conf');
  for (const sub of ['run', 'log', 'rgw', 'mon.a']) await mkdir(join(dir, sub), { recursive: true });
  const fsid = randomUUID();
  await writeFile(conf, config(dir, fsid, monPort, rgwPort, drives));
  const children = [];
  let closing = false;
  /** Set when a daemon exits before close: the waits below stop at once. */
  let died;
  const daemon = (cmd, args) => {
    const [c, a] = pinned(opts.cpu, join(BIN, cmd), ['-f', '-c', conf, ...args]);
    const child = spawn(c, a, { stdio: 'ignore' });
    child.once('exit', (code, signal) => {
      if (!closing) died ??= `${cmd} ${args.join(' ')} exited (${code ?? signal})`;
    });
    children.push(child);
    return child;
  };
  const until = (check) => waitFor(check, () => died, join(dir, 'log'));
  // A command sent before the client has the monitor's map carries no fsid and is refused
  // (EPERM, "wrong fsid"); Ceph's tools retry, so does this. Every command here is idempotent.
  const tool = async (cmd, args) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return (await run(join(BIN, cmd), ['-c', conf, ...args], { timeout: 60_000 })).stdout.trim();
      } catch (err) {
        if (attempt === 5) throw err;
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };
  const ceph = (...args) => tool('ceph', args);
  const close = () => {
    closing = true;
    return Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', resolve);
            process.kill(child.pid, 'SIGTERM');
          }),
      ),
    );
  };
  try {
    await run(join(BIN, 'ceph-authtool'), [
      '--create-keyring',
      join(dir, 'keyring'),
      '--gen-key',
      '-n',
      'mon.',
      '--cap',
      'mon',
      'allow *',
    ]);
    const monmap = join(dir, 'monmap');
    await run(join(BIN, 'monmaptool'), [
      '--create',
      '--addv',
      'a',
      `[v1:127.0.0.1:${monPort}]`,
      '--fsid',
      fsid,
      monmap,
    ]);
    await run(join(BIN, 'ceph-mon'), [
      '-c',
      conf,
      '--mkfs',
      '-i',
      'a',
      '--monmap',
      monmap,
      '--keyring',
      join(dir, 'keyring'),
    ]);
    daemon('ceph-mon', ['-i', 'a']);
    const ids = [];
    for (let i = 0; i < drives; i++) {
      const uuid = randomUUID();
      const id = await ceph('osd', 'new', uuid);
      ids.push(id);
      await mkdir(join(dir, `osd.${id}`), { recursive: true });
      await run(join(BIN, 'ceph-osd'), ['-c', conf, '-i', id, '--mkfs', '--osd-uuid', uuid]);
      daemon('ceph-osd', ['-i', id]);
    }
    // Placed here rather than by each OSD as it starts: an OSD whose own placement command
    // meets that refusal stops.
    await ceph('osd', 'crush', 'add-bucket', 'localhost', 'host');
    await ceph('osd', 'crush', 'move', 'localhost', 'root=default');
    for (const id of ids) await ceph('osd', 'crush', 'add', `osd.${id}`, '1.0', 'host=localhost');
    await until(async () => JSON.parse(await ceph('osd', 'stat', '--format', 'json')).num_up_osds === drives);
    if (drives >= 4) {
      // The gateway's data pool, made before the gateway makes it replicated.
      await ceph('osd', 'erasure-code-profile', 'set', 'ec22', 'k=2', 'm=2', 'crush-failure-domain=osd');
      await ceph('osd', 'pool', 'create', 'default.rgw.buckets.data', '32', '32', 'erasure', 'ec22');
      await ceph('osd', 'pool', 'application', 'enable', 'default.rgw.buckets.data', 'rgw');
    }
    daemon('radosgw', ['-n', 'client.rgw.bench']);
    const url = `http://127.0.0.1:${rgwPort}`;
    await until(async () => (await fetch(url)).ok);
    await tool('radosgw-admin', [
      'user',
      'create',
      '--uid=bench',
      '--display-name=bench',
      `--access-key=${credentials.accessKey}`,
      `--secret-key=${credentials.secretKey}`,
    ]);
    return { url, close, pids: children.map((child) => child.pid) };
  } catch (err) {
    await close();
    throw err;
  }
}

/**
 * Polls `check` until it resolves true (errors count as not yet), for at most three minutes,
 * or until `failed()` names a daemon that died; the error then carries the daemons' last
 * log lines.
 */
async function waitFor(check, failed, logs) {
  const end = Date.now() + 180_000;
  for (;;) {
    if (await check().catch(() => false)) return;
    const why = failed() ?? (Date.now() > end ? 'Ceph did not come up in three minutes' : undefined);
    if (why) throw new Error(`${why}\n${await logTails(logs)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function logTails(logs) {
  const names = await readdir(logs).catch(() => []);
  const tails = await Promise.all(
    names.map(async (name) => {
      const lines = (await readFile(join(logs, name), 'utf8')).trimEnd().split('\n');
      return `--- ${name}\n${lines.slice(-8).join('\n')}`;
    }),
  );
  return tails.join('\n');
}
