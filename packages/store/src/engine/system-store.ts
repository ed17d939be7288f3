// The system namespace: small JSON documents the store keeps for itself (IAM, config),
// written atomically. Paths are relative, '/'-separated, made of safe segments only.
export interface SystemStore {
  read(path: string): Promise<unknown | undefined>;
  /**
   * The copy most drives hold however few do, for a document that must never be replaced
   * for want of quorum (the master key: a new one would orphan every object sealed with it).
   */
  readAnyCopy(path: string): Promise<unknown | undefined>;
  write(path: string, value: unknown): Promise<void>;
  remove(path: string): Promise<void>;
  /** Names of the documents directly under a folder, in no particular order. */
  list(folder: string): Promise<string[]>;
  /** Removes a folder whose documents are gone, wherever it is empty (best effort). */
  removeFolder(folder: string): Promise<void>;
  /**
   * Moves on with every write and removal: while it stays the same, every document read
   * before still holds, so what was derived from them needs no new read.
   */
  readonly generation: number;
}
