// Pinning benchmark processes to CPUs (Linux taskset), so that a server and its load
// client do not compete for the same core: each peer gets the same one core.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

const TASKSET = '/usr/bin/taskset';
const usable = (() => {
  try {
    execFileSync(TASKSET, ['-c', '0', 'true']);
    return cpus().length >= 2;
  } catch {
    return false;
  }
})();

/** The command and arguments that run `cmd` on CPU `cpu` (unchanged when pinning is impossible). */
export function pinned(cpu, cmd, args) {
  return usable && cpu !== undefined ? [TASKSET, ['-c', String(cpu), cmd, ...args]] : [cmd, args];
}

/** Pins this process (the load client) to CPU `cpu`; true when it worked. */
export function pinSelf(cpu) {
  if (!usable) return false;
  execFileSync(TASKSET, ['-p', '-c', String(cpu), String(process.pid)], { stdio: 'ignore' });
  return true;
}

/** CPU time a process has used so far, user and system, all threads, in ms (Linux /proc). */
export function processCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime (fields 14 and 15 of proc(5)), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
