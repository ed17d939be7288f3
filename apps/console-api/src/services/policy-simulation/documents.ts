import type { PolicySource, SimulationPrincipal } from '@stowage/contract';
import type { MadminClient, PolicyDocument } from '@stowage/madmin';
import {
  type Policy,
  PolicyError,
  parseLimitPolicy,
  parsePolicy,
  type RequestPrincipal,
} from '@stowage/policy';
import type { Client as S3Client } from 'minio';
import { storageCall } from '../../clients/errors.js';
import { readBucketPolicy } from '../buckets/policy-text.js';

// The documents that decide for a principal, read over the admin API with the session's own
// credentials (so the server decides what the session may read), in the order the store
// combines them: the user's own policies, then its enabled groups', then an access key's
// embedded policy as a limit every request must also pass.

/** A policy as read from the server and as the evaluator takes it. */
export interface SourcedPolicy {
  source: PolicySource;
  name: string;
  /** The Statement list as the server returned it, for showing the deciding statement. */
  statements: unknown[];
  parsed: Policy;
}

export interface PrincipalDocuments {
  /** Who the request is made as (the ARN and access key Principal elements match). */
  principal: RequestPrincipal;
  /** The context keys the store fills in from the credential (aws:username...). */
  conditions: Record<string, string[]>;
  identity: SourcedPolicy[];
  limits: SourcedPolicy[];
}

export async function principalDocuments(
  admin: MadminClient,
  principal: SimulationPrincipal,
): Promise<PrincipalDocuments> {
  if (principal.kind === 'group') {
    const group = await storageCall(admin.groups.describe(principal.name));
    return {
      principal: { type: 'user', arn: `arn:aws:iam:::group/${principal.name}`, accessKey: '' },
      conditions: { 'aws:principaltype': ['User'] },
      identity: await namedPolicies(admin, 'group', splitNames(group.policy), []),
      limits: [],
    };
  }
  if (principal.kind === 'user') return userDocuments(admin, principal.name, principal.name, 'User');
  const account = await storageCall(admin.serviceAccounts.info(principal.name));
  const documents = await userDocuments(admin, account.parentUser, principal.name, 'AssumedRole');
  if (account.impliedPolicy) return documents;
  const limit = sourced('serviceAccount', principal.name, account.policy, parseLimitPolicy(account.policy));
  return { ...documents, limits: [limit] };
}

async function userDocuments(
  admin: MadminClient,
  user: string,
  accessKey: string,
  principalType: string,
): Promise<PrincipalDocuments> {
  const info = await storageCall(admin.users.info(user));
  const identity = await namedPolicies(admin, 'user', splitNames(info.policyName), []);
  for (const group of info.memberOf ?? []) {
    const description = await storageCall(admin.groups.describe(group));
    // A disabled group grants its members nothing (as the store has it).
    if (description.status !== 'enabled') continue;
    identity.push(...(await namedPolicies(admin, 'group', splitNames(description.policy), identity)));
  }
  return {
    principal: { type: 'user', arn: `arn:aws:iam:::user/${user}`, accessKey },
    conditions: { 'aws:username': [user], 'aws:userid': [user], 'aws:principaltype': [principalType] },
    identity,
    limits: [],
  };
}

/** The named policies not already taken (a policy held twice counts once). */
async function namedPolicies(
  admin: MadminClient,
  source: PolicySource,
  names: string[],
  taken: readonly SourcedPolicy[],
): Promise<SourcedPolicy[]> {
  const out: SourcedPolicy[] = [];
  for (const name of names) {
    if (taken.some((p) => p.name === name) || out.some((p) => p.name === name)) continue;
    const document = await storageCall(admin.policies.info(name));
    const text = JSON.stringify(document);
    out.push(sourced(source, name, document, parsePolicy(text, { kind: 'identity' })));
  }
  return out;
}

/** The bucket's policy, or undefined when it has none or one the store would not apply. */
export async function bucketDocument(s3: S3Client, bucket: string): Promise<SourcedPolicy | undefined> {
  const text = await readBucketPolicy(s3, bucket);
  if (!text) return undefined;
  try {
    return sourced('bucket', bucket, text, parsePolicy(text, { kind: 'bucket', bucket }));
  } catch (err) {
    if (err instanceof PolicyError) return undefined; // the store grants nothing by it either
    throw err;
  }
}

function sourced(
  source: PolicySource,
  name: string,
  document: PolicyDocument | string,
  parsed: Policy,
): SourcedPolicy {
  const json = typeof document === 'string' ? safeJson(document) : document;
  const statement = (json as { Statement?: unknown } | undefined)?.Statement;
  return { source, name, statements: statement === undefined ? [] : [statement].flat(), parsed };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function splitNames(list: string | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}
