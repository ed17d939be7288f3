import { asFields, date, type Fields, RecordFormatError, str, versionOf } from './record.js';

// The IAM documents of the system namespace, one per kind (users, groups, policies,
// policy mappings, service accounts): small, rewritten whole and atomically, so that a
// change touching several entities (a group removed with its mapping) is one write.
export const IAM_VERSION = 1;

export type Status = 'enabled' | 'disabled';

export interface UserRecord {
  secretKey: string;
  status: Status;
  updatedAt: string;
}

export interface GroupRecord {
  status: Status;
  members: string[];
  updatedAt: string;
}

export interface PolicyRecord {
  /** The document as the administrator sent it (validated when set). */
  document: string;
  createDate: string;
  updateDate: string;
}

export interface MappingRecord {
  policies: string[];
  updatedAt: string;
}

export interface ServiceAccountRecord {
  secretKey: string;
  parent: string;
  status: 'on' | 'off';
  /** An embedded policy that narrows the parent's rights; absent: the parent's (implied). */
  policy?: string;
  comment?: string;
  /** When it stops working; absent: never. */
  expiration?: string;
  createdAt: string;
  /**
   * A parent of an external identity provider (an LDAP DN, an OpenID subject): no IAM user
   * vouches for it, so what its login found is kept: LDAP groups, OpenID policy names.
   */
  idp?: 'ldap' | 'openid';
  groups?: string[];
  policies?: string[];
  /** OpenID: the token's subject, which names the account. */
  subject?: string;
  /** LDAP: the name the user logged in with (the group filter's %s when it is checked again). */
  username?: string;
}

export interface IamDocuments {
  users: Record<string, UserRecord>;
  groups: Record<string, GroupRecord>;
  policies: Record<string, PolicyRecord>;
  userMappings: Record<string, MappingRecord>;
  groupMappings: Record<string, MappingRecord>;
  serviceAccounts: Record<string, ServiceAccountRecord>;
}

export type IamKind = keyof IamDocuments;

export const IAM_KINDS: readonly IamKind[] = [
  'users',
  'groups',
  'policies',
  'userMappings',
  'groupMappings',
  'serviceAccounts',
];

const status = (f: Fields, kind: string): Status => {
  const s = str(f, 'status', kind);
  if (s !== 'enabled' && s !== 'disabled') throw new RecordFormatError(`${kind}: unknown status "${s}"`);
  return s;
};

const strings = (f: Fields, name: string, kind: string): string[] => {
  const v = f[name];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    throw new RecordFormatError(`${kind}: "${name}" must be a list of strings`);
  return v as string[];
};

const isoDate = (f: Fields, name: string, kind: string): string => {
  date(f, name, kind);
  return str(f, name, kind);
};

function optional<T extends object>(record: T, f: Fields, name: string & keyof T, kind: string): T {
  if (f[name] !== undefined) (record as Record<string, unknown>)[name] = str(f, name, kind);
  return record;
}

const ITEM: { [K in IamKind]: (raw: unknown, kind: string) => IamDocuments[K][string] } = {
  users: (raw, kind) => {
    const f = asFields(raw, kind);
    return {
      secretKey: str(f, 'secretKey', kind),
      status: status(f, kind),
      updatedAt: isoDate(f, 'updatedAt', kind),
    };
  },
  groups: (raw, kind) => {
    const f = asFields(raw, kind);
    return {
      status: status(f, kind),
      members: strings(f, 'members', kind),
      updatedAt: isoDate(f, 'updatedAt', kind),
    };
  },
  policies: (raw, kind) => {
    const f = asFields(raw, kind);
    return {
      document: str(f, 'document', kind),
      createDate: isoDate(f, 'createDate', kind),
      updateDate: isoDate(f, 'updateDate', kind),
    };
  },
  userMappings: (raw, kind) => mapping(raw, kind),
  groupMappings: (raw, kind) => mapping(raw, kind),
  serviceAccounts: (raw, kind) => {
    const f = asFields(raw, kind);
    const s = str(f, 'status', kind);
    if (s !== 'on' && s !== 'off') throw new RecordFormatError(`${kind}: unknown status "${s}"`);
    const record: ServiceAccountRecord = {
      secretKey: str(f, 'secretKey', kind),
      parent: str(f, 'parent', kind),
      status: s,
      createdAt: isoDate(f, 'createdAt', kind),
    };
    optional(record, f, 'policy', kind);
    optional(record, f, 'comment', kind);
    if (f.expiration !== undefined) record.expiration = isoDate(f, 'expiration', kind);
    if (f.idp !== undefined) {
      const idp = str(f, 'idp', kind);
      if (idp !== 'ldap' && idp !== 'openid') throw new RecordFormatError(`${kind}: unknown idp "${idp}"`);
      record.idp = idp;
    }
    if (f.groups !== undefined) record.groups = strings(f, 'groups', kind);
    if (f.policies !== undefined) record.policies = strings(f, 'policies', kind);
    optional(record, f, 'subject', kind);
    optional(record, f, 'username', kind);
    return record;
  },
};

function mapping(raw: unknown, kind: string): MappingRecord {
  const f = asFields(raw, kind);
  return { policies: strings(f, 'policies', kind), updatedAt: isoDate(f, 'updatedAt', kind) };
}

/** The stored shape of one kind: `{v, items}`. */
export function encodeIamDocument<K extends IamKind>(items: IamDocuments[K]): unknown {
  return { v: IAM_VERSION, items };
}

/** Reads one kind's document, checking every entry; absent means empty. */
export function decodeIamDocument<K extends IamKind>(kind: K, raw: unknown): IamDocuments[K] {
  if (raw === undefined) return {} as IamDocuments[K];
  const what = `IAM ${kind}`;
  const f = asFields(raw, what);
  versionOf(f, 'v', what, IAM_VERSION);
  const items = asFields(f.items, `${what} items`);
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(items)) out[name] = ITEM[kind](item, `${what} "${name}"`);
  return out as IamDocuments[K];
}
