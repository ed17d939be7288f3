import type { ResourceQuota } from '@stowage/contract';

const REQUESTS = '.storageclass.storage.k8s.io/requests.storage';

export interface StorageClassRoom {
  name: string;
  /** Bytes the namespace may still claim in the class (quota hard − used). */
  room: number;
}

/** The storage classes a namespace's storage quota names, each with the room left in it. */
export function storageClassesOf(quota: ResourceQuota | undefined): StorageClassRoom[] {
  return (quota?.elements ?? [])
    .filter((e) => e.name.endsWith(REQUESTS))
    .map((e) => ({ name: e.name.slice(0, -REQUESTS.length), room: Math.max(0, e.hard - e.used) }));
}
