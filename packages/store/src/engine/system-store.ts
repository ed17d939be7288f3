// The system namespace: small JSON documents the store keeps for itself (IAM, config),
// written atomically. Paths are relative, '/'-separated, made of safe segments only.
export interface SystemStore {
  read(path: string): Promise<unknown | undefined>;
  write(path: string, value: unknown): Promise<void>;
  remove(path: string): Promise<void>;
  /** Names of the documents directly under a folder, in no particular order. */
  list(folder: string): Promise<string[]>;
}
