import { cannedPolicy, isCannedPolicyName, type Policy, parsePolicy } from '@stowage/policy';
import type { SystemStore } from '../engine/system-store.js';
import {
  decodeIamDocument,
  encodeIamDocument,
  IAM_KINDS,
  type IamDocuments,
  type IamKind,
} from '../format/iam.js';

// IAM state: every document in memory (lookups sit on the request path), changed only
// through `mutate`, which runs one change at a time and writes the kinds it touched
// before the change is visible. A failed write leaves memory as it was.

const pathOf = (kind: IamKind) => `iam/${kind}.json`;

export class IamStore {
  private docs: IamDocuments;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly parsed = new Map<string, Policy>();

  private constructor(
    private readonly system: SystemStore,
    docs: IamDocuments,
  ) {
    this.docs = docs;
  }

  static async open(system: SystemStore): Promise<IamStore> {
    const docs = {} as Record<IamKind, unknown>;
    for (const kind of IAM_KINDS) docs[kind] = decodeIamDocument(kind, await system.read(pathOf(kind)));
    return new IamStore(system, docs as IamDocuments);
  }

  /** The current state; treat as read-only (change it through `mutate`). */
  get state(): Readonly<IamDocuments> {
    return this.docs;
  }

  /**
   * Runs `change` on a copy of the kinds it names and commits them; changes run one after
   * another, so each sees the previous one's result.
   */
  mutate<T>(kinds: readonly IamKind[], change: (draft: IamDocuments) => T): Promise<T> {
    const run = this.queue.then(async () => {
      const draft = { ...this.docs };
      for (const kind of kinds) (draft as Record<IamKind, unknown>)[kind] = structuredClone(this.docs[kind]);
      const result = change(draft);
      for (const kind of kinds) await this.system.write(pathOf(kind), encodeIamDocument(draft[kind]));
      this.docs = draft;
      if (kinds.includes('policies')) this.parsed.clear();
      return result;
    });
    this.queue = run.catch(() => {});
    return run;
  }

  /** A named policy, canned or custom, in evaluable form; undefined when there is none. */
  policy(name: string): Policy | undefined {
    if (isCannedPolicyName(name)) return cannedPolicy(name);
    const record = this.docs.policies[name];
    if (!record) return undefined;
    let policy = this.parsed.get(name);
    if (!policy) {
      policy = parsePolicy(record.document, { kind: 'identity' });
      this.parsed.set(name, policy);
    }
    return policy;
  }

  /** Whether a policy of this name exists (canned or custom). */
  hasPolicy(name: string): boolean {
    return isCannedPolicyName(name) || this.docs.policies[name] !== undefined;
  }
}
