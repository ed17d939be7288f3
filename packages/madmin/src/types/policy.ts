/** An IAM policy document as MinIO serialises it; kept loose because users write them freely. */
export interface PolicyDocument {
  Version?: string;
  ID?: string;
  Statement?: PolicyStatement[] | PolicyStatement | null;
  [key: string]: unknown;
}

export interface PolicyStatement {
  Sid?: string;
  Effect?: 'Allow' | 'Deny';
  Principal?: unknown;
  Action?: string | string[];
  NotAction?: string | string[];
  Resource?: string | string[];
  NotResource?: string | string[];
  Condition?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** GET /info-canned-policy?v=2 */
export interface PolicyInfo {
  PolicyName?: string;
  Policy: PolicyDocument;
  CreateDate?: string;
  UpdateDate?: string;
}

/** Encrypted body of the builtin attach and detach calls: exactly one of user or group. */
export interface PolicyAssociation {
  policies: string[];
  user?: string;
  group?: string;
}

/** Encrypted reply of GET /idp/builtin/policy-entities. */
export interface PolicyEntitiesResult {
  timestamp: string;
  userMappings: { user: string; policies: string[] }[] | null;
  groupMappings: { group: string; policies: string[] }[] | null;
  policyMappings: { policy: string; users: string[] | null; groups: string[] | null }[] | null;
}
