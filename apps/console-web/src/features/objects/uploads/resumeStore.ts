import type { UploadChecksumAlgorithm } from '@stowage/contract';

// What a browser-direct upload needs to go on after a reload or a browser restart, kept in
// IndexedDB: the server's upload id and the parts already stored. The file itself cannot be
// kept; the user picks it again and it must match by name, size and modification time.

export interface DonePart {
  etag: string;
  checksum?: string;
}

export interface ResumableUpload {
  /** `${bucket}\n${key}\n${uploadId}` */
  id: string;
  bucket: string;
  key: string;
  uploadId: string;
  partSize: number;
  partCount: number;
  contentType: string;
  checksumAlgorithm?: UploadChecksumAlgorithm;
  fileName: string;
  fileSize: number;
  lastModified: number;
  parts: Record<number, DonePart>;
  startedAt: number;
}

export interface ResumeStore {
  list(): Promise<ResumableUpload[]>;
  put(upload: ResumableUpload): Promise<void>;
  delete(id: string): Promise<void>;
}

export const resumeId = (bucket: string, key: string, uploadId: string) => `${bucket}\n${key}\n${uploadId}`;

/** Whether a picked file is the one an unfinished upload was sending. */
export function fileMatches(
  upload: ResumableUpload,
  file: { name: string; size: number; lastModified: number },
) {
  return (
    upload.fileName === file.name &&
    upload.fileSize === file.size &&
    upload.lastModified === file.lastModified
  );
}

export function memoryResumeStore(): ResumeStore {
  const uploads = new Map<string, ResumableUpload>();
  return {
    list: async () => [...uploads.values()].map((u) => structuredClone(u)),
    put: async (u) => void uploads.set(u.id, structuredClone(u)),
    delete: async (id) => void uploads.delete(id),
  };
}

const DB = 'stowage-uploads';
const STORE = 'uploads';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** IndexedDB when the browser has it (memory otherwise: a private window may refuse it). */
export function browserResumeStore(): ResumeStore {
  if (typeof indexedDB === 'undefined') return memoryResumeStore();
  let db: Promise<IDBDatabase> | undefined;
  const open = () => {
    db ??= new Promise((resolve, reject) => {
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    return db;
  };
  const store = async (mode: IDBTransactionMode) =>
    (await open()).transaction(STORE, mode).objectStore(STORE);
  return {
    list: async () => request((await store('readonly')).getAll() as IDBRequest<ResumableUpload[]>),
    put: async (u) => void (await request((await store('readwrite')).put(u))),
    delete: async (id) => void (await request((await store('readwrite')).delete(id))),
  };
}
