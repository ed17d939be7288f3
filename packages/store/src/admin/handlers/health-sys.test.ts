import { describe, expect, it } from 'vitest';
import { mountOf, openFilesLimit, parseCpuInfo, parseMemInfo } from './health-sys.js';

const CPUINFO = `processor\t: 0
vendor_id\t: AuthenticAMD
cpu family\t: 25
model\t\t: 1
model name\t: AMD EPYC 7B13
stepping\t: 0
microcode\t: 0xffffffff
cpu MHz\t\t: 2450.000
cache size\t: 512 KB
physical id\t: 0
flags\t\t: fpu vme sse2

processor\t: 1
vendor_id\t: AuthenticAMD
model name\t: AMD EPYC 7B13
physical id\t: 0
`;

describe('health info collectors', () => {
  it('groups /proc/cpuinfo by physical package and counts its cores', () => {
    expect(parseCpuInfo(CPUINFO)).toEqual([
      {
        vendor_id: 'AuthenticAMD',
        family: '25',
        model: '1',
        stepping: 0,
        physical_id: '0',
        model_name: 'AMD EPYC 7B13',
        mhz: 2450,
        cache_size: 512,
        flags: ['fpu', 'vme', 'sse2'],
        microcode: '0xffffffff',
        cores: 2,
      },
    ]);
  });

  it('reads /proc/meminfo in bytes', () => {
    expect(
      parseMemInfo('MemTotal:       24576 kB\nMemAvailable:   1024 kB\nHugePages_Total:       0\n'),
    ).toEqual({
      MemTotal: 24576 * 1024,
      MemAvailable: 1024 * 1024,
      HugePages_Total: 0,
    });
  });

  it('finds the mount holding a path: the longest mount point that contains it', () => {
    const mounts =
      'overlay / overlay rw 0 0\n/dev/sdb /data ext4 rw,noatime 0 0\n/dev/sdc /data2 xfs rw 0 0\n';
    expect(mountOf(mounts, '/data/drive1')).toEqual({
      device: '/dev/sdb',
      mountpoint: '/data',
      fsType: 'ext4',
      options: 'rw,noatime',
    });
    expect(mountOf(mounts, '/data2x/d')?.mountpoint).toBe('/');
    expect(mountOf(mounts, '/data2')?.device).toBe('/dev/sdc');
  });

  it('reads the soft open files limit from /proc/self/limits, as procfs does', () => {
    const limits = `Limit                     Soft Limit           Hard Limit           Units
Max open files            20000                1048576              files
`;
    expect(openFilesLimit(limits)).toBe(20000);
    expect(openFilesLimit('Max open files            unlimited            unlimited            files')).toBe(
      Number.MAX_SAFE_INTEGER,
    );
    expect(openFilesLimit('')).toBeUndefined();
  });
});
