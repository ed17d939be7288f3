import { readdir, readFile, readlink, statfs } from 'node:fs/promises';
import { arch, cpus, freemem, hostname, totalmem, uptime } from 'node:os';
import { resolve } from 'node:path';
import type { HEALTH_TYPES } from '@stowage/madmin';

// The `sys` part of GET /healthinfo (madmin.SysInfo), for this one node, read as madmin's
// own collectors read it on Linux (/proc, statfs): CPUs, the partitions holding the
// drives, the OS, memory and this process. Each part is only collected when asked for.

export type HealthType = (typeof HEALTH_TYPES)[number];

const text = (path: string) => readFile(path, 'utf8').catch(() => '');

/** /proc/cpuinfo as madmin.CPU entries, one per physical package, with its core count. */
export function parseCpuInfo(cpuinfo: string): Record<string, unknown>[] {
  const packages = new Map<string, Record<string, unknown> & { cores: number }>();
  for (const block of cpuinfo.split(/\n\s*\n/)) {
    const f = Object.fromEntries(
      block
        .split('\n')
        .map((line) => line.split(/\s*:\s*/, 2))
        .filter((kv) => kv.length === 2),
    ) as Record<string, string>;
    if (f.processor === undefined) continue;
    const id = f['physical id'] ?? '0';
    const known = packages.get(id);
    if (known) {
      known.cores += 1;
      continue;
    }
    packages.set(id, {
      vendor_id: f.vendor_id ?? '',
      family: f['cpu family'] ?? '',
      model: f.model ?? '',
      stepping: Number(f.stepping) || 0,
      physical_id: id,
      model_name: f['model name'] ?? '',
      mhz: Number(f['cpu MHz']) || 0,
      cache_size: Number.parseInt(f['cache size'] ?? '', 10) || 0,
      flags: (f.flags ?? '').split(' ').filter(Boolean),
      microcode: f.microcode ?? '',
      cores: 1,
    });
  }
  return [...packages.values()];
}

/** /proc/meminfo values in bytes (the file says kB). */
export function parseMemInfo(meminfo: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of meminfo.matchAll(/^(\w+):\s+(\d+)(?:\s+kB)?$/gm)) out[m[1]!] = Number(m[2]) * 1024;
  return out;
}

/** The /proc/mounts entry holding `path`: the longest mount point that is a prefix of it. */
export function mountOf(
  mounts: string,
  path: string,
): { device: string; mountpoint: string; fsType: string; options: string } | undefined {
  let best: { device: string; mountpoint: string; fsType: string; options: string } | undefined;
  for (const line of mounts.split('\n')) {
    const [device, mountpoint, fsType, options] = line.split(' ');
    if (!device || !mountpoint || !fsType) continue;
    const inside =
      path === mountpoint || path.startsWith(mountpoint.endsWith('/') ? mountpoint : `${mountpoint}/`);
    if (inside && (!best || mountpoint.length >= best.mountpoint.length))
      best = { device, mountpoint, fsType, options: options ?? '' };
  }
  return best;
}

async function partitions(drives: string[]): Promise<Record<string, unknown>[]> {
  const mounts = await text('/proc/mounts');
  const seen = new Map<string, Record<string, unknown>>();
  for (const drive of drives) {
    const mount = mountOf(mounts, resolve(drive));
    const key = mount?.mountpoint ?? drive;
    if (seen.has(key)) continue;
    try {
      const s = await statfs(drive);
      seen.set(key, {
        ...(mount ? { device: mount.device, mountpoint: mount.mountpoint, fs_type: mount.fsType } : {}),
        ...(mount ? { mount_options: mount.options, mount_fs_type: mount.fsType } : {}),
        space_total: s.blocks * s.bsize,
        space_free: s.bavail * s.bsize,
        inode_total: s.files,
        inode_free: s.ffree,
      });
    } catch (err) {
      seen.set(key, { error: (err as Error).message });
    }
  }
  return [...seen.values()];
}

async function osInfo(): Promise<Record<string, unknown>> {
  const release = Object.fromEntries(
    [...(await text('/etc/os-release')).matchAll(/^(\w+)="?([^"\n]*)"?$/gm)].map((m) => [m[1], m[2]]),
  );
  const procs = (await text('/proc/loadavg')).split(' ')[3]?.split('/')[1];
  const up = Math.floor(uptime());
  return {
    hostname: hostname(),
    uptime: up,
    bootTime: Math.floor(Date.now() / 1000) - up,
    procs: Number(procs) || 0,
    os: process.platform,
    platform: release.ID ?? '',
    platformFamily: release.ID_LIKE ?? release.ID ?? '',
    platformVersion: release.VERSION_ID ?? '',
    kernelVersion: (await text('/proc/sys/kernel/osrelease')).trim(),
    kernelArch: arch() === 'x64' ? 'x86_64' : arch(),
    virtualizationSystem: '',
    virtualizationRole: '',
    hostId: (await text('/etc/machine-id')).trim(),
  };
}

/** This process's memory limit from cgroup v2 (or v1); undefined without one. */
async function cgroupLimit(): Promise<number | undefined> {
  for (const path of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    const value = (await text(path)).trim();
    if (/^\d+$/.test(value)) return Number(value);
  }
  return undefined;
}

async function procInfo(addr: string): Promise<Record<string, unknown>> {
  const status = await text('/proc/self/status');
  const field = (name: string) => new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1];
  const fds = await readdir('/proc/self/fd').then(
    (d) => d.length,
    () => 0,
  );
  const mem = process.memoryUsage();
  return {
    addr,
    pid: process.pid,
    name: 'stowage',
    cmd_line: process.argv.join(' '),
    create_time: Math.round(Date.now() - process.uptime() * 1000),
    cwd: process.cwd(),
    exec_path: await readlink('/proc/self/exe').catch(() => process.execPath),
    is_running: true,
    mem_info: { rss: mem.rss, vms: (Number(field('VmSize')) || 0) * 1024 },
    num_threads: Number(field('Threads')) || 0,
    num_fds: fds,
  };
}

/**
 * madmin.SysInfo for this node: the parts `want` names, each labelled with the node address.
 * The drives are only listed when their partitions are asked for.
 */
export async function systemHealth(
  addr: string,
  drives: () => Promise<string[]>,
  want: ReadonlySet<HealthType>,
): Promise<Record<string, unknown>> {
  const sys: Record<string, unknown> = { kubernetes: {} };
  if (want.has('syscpu')) {
    const found = parseCpuInfo(await text('/proc/cpuinfo'));
    sys.cpus = [
      { addr, cpus: found.length ? found : [{ model_name: cpus()[0]?.model ?? '', cores: cpus().length }] },
    ];
  }
  if (want.has('sysdrivehw')) sys.partitions = [{ addr, partitions: await partitions(await drives()) }];
  if (want.has('sysosinfo')) sys.osinfo = [{ addr, info: await osInfo() }];
  if (want.has('sysmem')) {
    const mem = parseMemInfo(await text('/proc/meminfo'));
    const total = mem.MemTotal ?? totalmem();
    const limit = await cgroupLimit();
    sys.meminfo = [
      {
        addr,
        total,
        available: mem.MemAvailable ?? freemem(),
        swap_space_total: mem.SwapTotal ?? 0,
        swap_space_free: mem.SwapFree ?? 0,
        limit: limit !== undefined && limit < total ? limit : total,
      },
    ];
  }
  if (want.has('sysprocess')) sys.procinfo = [await procInfo(addr)];
  return sys;
}
