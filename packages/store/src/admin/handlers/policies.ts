import {
  addPolicy,
  attachPolicies,
  type Entity,
  listPolicies,
  MAX_POLICY_BYTES,
  policyDates,
  policyDocument,
  policyEntities,
  removePolicy,
  setPolicies,
} from '../../iam/policies.js';
import { ApiError } from '../../wire/errors.js';
import { emptyReply, jsonReply, type Reply } from '../../wire/reply.js';
import { type AdminCall, jsonObject, optionalString, stringList } from '../call.js';

// Named policies and their mappings (madmin-protocol.md §3.4).

export function listPoliciesReply(call: AdminCall): Reply {
  call.require('admin:ListUserPolicies');
  return jsonReply(listPolicies(call.iam));
}

/** v1: the raw document, indented; v2: MinIO's PolicyInfo (name, document, dates). */
export function policyInfoReply(call: AdminCall, name: string, v2: boolean): Reply {
  call.require('admin:GetPolicy');
  const document = policyDocument(call.iam, name);
  if (!v2) {
    return {
      status: 200,
      body: {
        type: 'bytes',
        value: Buffer.from(JSON.stringify(document, null, ' ')),
        contentType: 'application/json',
      },
    };
  }
  const { createDate, updateDate } = policyDates(call.iam, name);
  return jsonReply({ PolicyName: name, Policy: document, CreateDate: createDate, UpdateDate: updateDate });
}

export async function addPolicyReply(call: AdminCall, name: string): Promise<Reply> {
  call.require('admin:CreatePolicy');
  const body = await call.body(MAX_POLICY_BYTES);
  if (body.length === 0) throw new ApiError('XMinioMalformedIAMPolicy', 'The policy document is empty.');
  await addPolicy(call.iam, name, body.toString('utf8'));
  return emptyReply(200);
}

export async function removePolicyReply(call: AdminCall, name: string): Promise<Reply> {
  call.require('admin:DeletePolicy');
  await removePolicy(call.iam, name);
  return emptyReply(200);
}

/** With LDAP configured, a distinguished name maps policies to a directory user or group. */
const entityOf = (name: string, isGroup: boolean, ldap: boolean): Entity => ({
  name,
  isGroup,
  ...(ldap && /^[A-Za-z][\w-]*=/.test(name) ? { external: true } : {}),
});

export async function setPolicyReply(
  call: AdminCall,
  policies: string[],
  entity: string,
  isGroup: boolean,
  ldap: boolean,
): Promise<Reply> {
  call.require('admin:AttachUserOrGroupPolicy');
  await setPolicies(call.iam, entityOf(entity, isGroup, ldap), policies);
  return emptyReply(200);
}

/** POST /idp/builtin/policy/attach (201) and /detach (204); encrypted bodies. */
export async function attachPolicyReply(call: AdminCall, detach: boolean, ldap: boolean): Promise<Reply> {
  call.require('admin:AttachUserOrGroupPolicy');
  const fields = jsonObject(await call.secretBody());
  const user = optionalString(fields, 'user') ?? '';
  const group = optionalString(fields, 'group') ?? '';
  if ((user === '') === (group === ''))
    throw new ApiError('InvalidArgument', 'Name exactly one of a user or a group.');
  const entity = user !== '' ? entityOf(user, false, ldap) : entityOf(group, true, ldap);
  await attachPolicies(call.iam, entity, stringList(fields, 'policies'), detach);
  return emptyReply(detach ? 204 : 201);
}

export async function policyEntitiesReply(
  call: AdminCall,
  filter: { users: string[]; groups: string[]; policies: string[] },
): Promise<Reply> {
  // Any one of the listing rights is enough (MinIO).
  const actions = ['admin:ListUserPolicies', 'admin:ListUsers', 'admin:ListGroups'];
  let allowed = false;
  for (const action of actions) {
    try {
      call.require(action);
      allowed = true;
      break;
    } catch {}
  }
  if (!allowed) throw new ApiError('AccessDenied');
  return call.sealed(policyEntities(call.iam, filter));
}
