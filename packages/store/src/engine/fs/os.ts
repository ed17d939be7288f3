import {
  close as closeFd,
  constants as fsConstants,
  type MakeDirectoryOptions,
  type Mode,
  type OpenMode,
  open as openFd,
  type PathLike,
  type RmOptions,
  read as readFd,
  readv as readvFd,
  type Stats,
} from 'node:fs';
import * as fs from 'node:fs/promises';
import { osCalls } from '../../observe/op-trace.js';

// The engine's file-system calls, reported to the os trace under MinIO's names
// (cmd/os-instrumented.go). Engine code imports these rather than node:fs/promises.

const text = (p: PathLike): string => String(p);

/** Whether an open mode writes (MinIO's OpenFileW) rather than only reads (OpenFileR). */
const writes = (flags: OpenMode | undefined): boolean =>
  typeof flags === 'string'
    ? /[wa+]/.test(flags)
    : typeof flags === 'number' && (flags & (fsConstants.O_WRONLY | fsConstants.O_RDWR)) !== 0;

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

/** Removes an empty folder (ENOTEMPTY otherwise). */
export const rmdir = (path: PathLike): Promise<void> =>
  osCalls.call(
    'Remove',
    () => text(path),
    () => fs.rmdir(path),
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

/**
 * A file opened for reading on a bare descriptor. Shard reads open, read and close files
 * on every GET of an object in files; a FileHandle of node:fs/promises costs several
 * times these calls themselves (a native object, an event emitter and weak handles each).
 */
export class ReadOnlyFile {
  private constructor(private fd: number | undefined) {}

  static open(path: string): Promise<ReadOnlyFile> {
    return osCalls.call(
      'OpenFileR',
      () => path,
      () =>
        new Promise<ReadOnlyFile>((resolve, reject) =>
          openFd(path, 'r', (err, fd) => (err ? reject(err) : resolve(new ReadOnlyFile(fd)))),
        ),
    );
  }

  private get descriptor(): number {
    if (this.fd === undefined) throw new Error('file is closed');
    return this.fd;
  }

  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<{ bytesRead: number }> {
    const fd = this.descriptor;
    return new Promise((resolve, reject) =>
      readFd(fd, buffer, offset, length, position, (err, bytesRead) =>
        err ? reject(err) : resolve({ bytesRead }),
      ),
    );
  }

  readv(buffers: Uint8Array[], position: number): Promise<{ bytesRead: number }> {
    const fd = this.descriptor;
    return new Promise((resolve, reject) =>
      readvFd(fd, buffers, position, (err, bytesRead) => (err ? reject(err) : resolve({ bytesRead }))),
    );
  }

  close(): Promise<void> {
    const fd = this.fd;
    this.fd = undefined;
    if (fd === undefined) return Promise.resolve();
    return new Promise((resolve, reject) => closeFd(fd, (err) => (err ? reject(err) : resolve())));
  }
}
