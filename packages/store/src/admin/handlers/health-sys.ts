import { constants } from 'node:fs';
import { access, readdir, readFile, readlink, statfs } from 'node:fs/promises';
import { arch, cpus, freemem, hostname, networkInterfaces, totalmem, uptime, userInfo } from 'node:os';
import { basename, delimiter, join, resolve } from 'node:path';
import type { HEALTH_TYPES } from '@stowage/madmin';

// The `sys` part of GET /healthinfo (madmin.SysInfo), for this one node, read as madmin's
// own collectors read it on Linux (/proc, /sys, statfs): CPUs, the partitions holding the
// drives, the OS, memory, this process, the network interfaces, the set-up problems MinIO
// warns of (errors), the services that affect it (services) and system settings (config).
// Each part is only collected when asked for; what a machine lacks is left out, not fatal.

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

/** /proc/self/stat's fields after the command name (field 3 onwards). */
const statFields = async (): Promise<string[]> => {
  const stat = await text('/proc/self/stat');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
};

async function procInfo(addr: string): Promise<Record<string, unknown>> {
  const status = await text('/proc/self/status');
  const field = (name: string) => new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1];
  const ids = (name: string) =>
    (new RegExp(`^${name}:\\s+(.*)$`, 'm').exec(status)?.[1] ?? '').split(/\s+/).filter(Boolean).map(Number);
  const fds = await readdir('/proc/self/fd').then(
    (d) => d.length,
    () => 0,
  );
  const stat = await statFields();
  const mem = process.memoryUsage();
  const cpu = process.cpuUsage();
  const up = process.uptime();
  return {
    addr,
    pid: process.pid,
    ppid: process.ppid,
    name: 'stowage',
    cmd_line: process.argv.join(' '),
    create_time: Math.round(Date.now() - up * 1000),
    cwd: process.cwd(),
    exec_path: await readlink('/proc/self/exe').catch(() => process.execPath),
    is_running: true,
    status: stat[0] ?? '',
    nice: Number(stat[16]) || 0,
    uids: ids('Uid'),
    gids: ids('Gid'),
    username: (() => {
      try {
        return userInfo().username;
      } catch {
        return '';
      }
    })(),
    cpu_percent: up > 0 ? ((cpu.user + cpu.system) / 1e6 / up) * 100 : 0,
    mem_percent: (mem.rss / totalmem()) * 100,
    times: { cpu: 'cpu', user: cpu.user / 1e6, system: cpu.system / 1e6 },
    mem_info: { rss: mem.rss, vms: (Number(field('VmSize')) || 0) * 1024 },
    num_ctx_switches: {
      voluntary: Number(field('voluntary_ctxt_switches')) || 0,
      involuntary: Number(field('nonvoluntary_ctxt_switches')) || 0,
    },
    page_faults: { minorFaults: Number(stat[7]) || 0, majorFaults: Number(stat[9]) || 0 },
    num_threads: Number(field('Threads')) || 0,
    num_fds: fds,
  };
}

/**
 * The network interfaces (madmin.NetInfo, `sys.netinfo` in later madmin versions; 2.0.7
 * readers skip it): each with its kernel driver where /sys names one.
 */
async function netInfo(addr: string): Promise<Record<string, unknown>[]> {
  const names = await readdir('/sys/class/net').catch(() => Object.keys(networkInterfaces()));
  return Promise.all(
    names.sort().map(async (name) => {
      const driver = await readlink(`/sys/class/net/${name}/device/driver`).then(basename, () => '');
      return { addr, interface: name, ...(driver ? { driver } : {}) };
    }),
  );
}

/** Whether an executable of this name is on the PATH. */
async function onPath(name: string): Promise<boolean> {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    if (
      await access(join(dir, name), constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}

/** Whether a process of this name runs (as far as this process can see /proc). */
async function running(name: string): Promise<boolean> {
  const pids = (await readdir('/proc').catch(() => [] as string[])).filter((p) => /^\d+$/.test(p));
  for (const pid of pids) if ((await text(`/proc/${pid}/comm`)).trim() === name) return true;
  return false;
}

/**
 * madmin.SysErrors: the set-up problems MinIO's GetSysErrors names (kernel audit on, which
 * slows every file call; updatedb installed, which crawls the drives).
 */
export async function sysErrors(addr: string): Promise<Record<string, unknown>> {
  const errors: string[] = [];
  if (process.platform !== 'linux') return { addr };
  if ((await text('/proc/cmdline')).includes('audit=1') || (await running('kauditd')))
    errors.push('audit is enabled');
  if (await onPath('updatedb')) errors.push('updatedb is installed');
  return { addr, ...(errors.length ? { errors } : {}) };
}

/** madmin.SysServices: as MinIO's GetSysServices, SELinux's mode, or "not-installed". */
export async function sysServices(addr: string): Promise<Record<string, unknown>> {
  const config = await readFile('/etc/selinux/config', 'utf8').catch((err: NodeJS.ErrnoException) =>
    err.code === 'ENOENT' ? undefined : err,
  );
  if (config instanceof Error) return { addr, error: config.message, services: [] };
  const mode = config === undefined ? 'not-installed' : (/^\s*SELINUX=(\S*)/m.exec(config)?.[1] ?? '');
  return { addr, services: [{ name: 'selinux', status: mode }] };
}

/** /proc/self/limits' soft limit of open files (what Go's procfs reads as OpenFiles). */
export function openFilesLimit(limits: string): number | undefined {
  const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
  if (soft === undefined) return undefined;
  return soft === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(soft);
}

/** madmin.SysConfig: as MinIO's GetSysConfig, the open files limit and the clock. */
export async function sysConfig(addr: string): Promise<Record<string, unknown>> {
  const limit = openFilesLimit(await text('/proc/self/limits'));
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName')?.value ?? 'UTC';
  return {
    addr,
    ...(limit === undefined ? { error: 'rlimit: /proc/self/limits unreadable' } : {}),
    config: {
      ...(limit === undefined ? {} : { 'rlimit-max': limit }),
      'time-info': { current_time: new Date().toISOString(), roundtrip_duration: 0, time_zone: zone },
    },
  };
}

/** Whether every CPU's frequency governor is "performance" (undefined where none is exposed). */
async function freqGovPerf(): Promise<boolean | undefined> {
  const dirs = (await readdir('/sys/devices/system/cpu').catch(() => [] as string[])).filter((d) =>
    /^cpu\d+$/.test(d),
  );
  const governors = (
    await Promise.all(dirs.map((d) => text(`/sys/devices/system/cpu/${d}/cpufreq/scaling_governor`)))
  )
    .map((g) => g.trim())
    .filter(Boolean);
  return governors.length ? governors.every((g) => g === 'performance') : undefined;
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
    const perf = await freqGovPerf();
    sys.cpus = [
      {
        addr,
        cpus: found.length ? found : [{ model_name: cpus()[0]?.model ?? '', cores: cpus().length }],
        ...(perf === undefined ? {} : { is_freq_gov_perf: perf }),
      },
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
  if (want.has('sysnet')) sys.netinfo = await netInfo(addr);
  if (want.has('syserrors')) sys.errors = [await sysErrors(addr)];
  if (want.has('sysservices')) sys.services = [await sysServices(addr)];
  if (want.has('sysconfig')) sys.config = [await sysConfig(addr)];
  return sys;
}
