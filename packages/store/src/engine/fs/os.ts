import type { MakeDirectoryOptions, Mode, OpenMode, PathLike, RmOptions, Stats } from 'node:fs';
import * as fs from 'node:fs/promises';
import { osCalls } from '../../observe/op-trace.js';

// The engine's file-system calls, reported to the os trace under MinIO's names
// (cmd/os-instrumented.go). Engine code imports these rather than node:fs/promises.

const text = (p: PathLike): string => String(p);

/** Whether an open mode writes (MinIO's OpenFileW) rather than only reads (OpenFileR). */
const writes = (flags: OpenMode | undefined): boolean => typeof flags === 'string' && /[wa+]/.test(flags);

export const open = (path: PathLike, flags?: OpenMode, mode?: Mode): Promise<fs.FileHandle> =>
  osCalls.call(
    writes(flags) ? 'OpenFileW' : 'OpenFileR',
    () => text(path),
    () => fs.open(path, flags, mode),
  );

export const rename = (from: PathLike, to: PathLike): Promise<void> =>
  osCalls.call(
    'Rename',
    () => `${text(from)} -> ${text(to)}`,
    () => fs.rename(from, to),
  );

export const rm = (path: PathLike, opts?: RmOptions): Promise<void> =>
  osCalls.call(
    opts?.recursive ? 'RemoveAll' : 'Remove',
    () => text(path),
    () => fs.rm(path, opts),
  );

export const mkdir = (path: PathLike, opts?: MakeDirectoryOptions): Promise<string | undefined> =>
  osCalls.call(
    opts?.recursive ? 'MkdirAll' : 'Mkdir',
    () => text(path),
    () => fs.mkdir(path, opts),
  );

export const readdir = (path: PathLike): Promise<string[]> =>
  osCalls.call(
    'ReadDirent',
    () => text(path),
    () => fs.readdir(path),
  );

export const stat = (path: PathLike): Promise<Stats> =>
  osCalls.call(
    'Stat',
    () => text(path),
    () => fs.stat(path),
  );

/** fdatasync of an open file; `path` names it in the trace. */
export const datasync = (fh: fs.FileHandle, path: string): Promise<void> =>
  osCalls.call(
    'Fdatasync',
    () => path,
    () => fh.datasync(),
  );

/** fsync (data and metadata) of an open file or directory. */
export const sync = (fh: fs.FileHandle, path: string): Promise<void> =>
  osCalls.call(
    'Sync',
    () => path,
    () => fh.sync(),
  );
