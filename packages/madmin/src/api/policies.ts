import type { PolicyAssociation, PolicyDocument, PolicyEntitiesResult, PolicyInfo } from '../types/policy.js';
import { type AdminTransport, type CallOptions, parseJson } from './json.js';

/** Named ("canned") policies and their mappings to users and groups (madmin-protocol.md §3.4). */
export class PoliciesApi {
  constructor(private readonly t: AdminTransport) {}

  /** GET /list-canned-policies: name → document, built-in ones included. */
  async list(opts: CallOptions = {}): Promise<Record<string, PolicyDocument>> {
    const res = await this.t.request({
      method: 'GET',
      path: '/list-canned-policies',
      expectStatus: 200,
      ...opts,
    });
    return parseJson<Record<string, PolicyDocument> | null>(res, 'list-canned-policies') ?? {};
  }

  /** GET /info-canned-policy: the document. */
  async info(name: string, opts: CallOptions = {}): Promise<PolicyDocument> {
    const res = await this.t.request({
      method: 'GET',
      path: '/info-canned-policy',
      query: { name },
      expectStatus: 200,
      ...opts,
    });
    return parseJson<PolicyDocument>(res, 'info-canned-policy');
  }

  /** GET /info-canned-policy?v=2: the document with its dates. */
  async infoV2(name: string, opts: CallOptions = {}): Promise<PolicyInfo> {
    const res = await this.t.request({
      method: 'GET',
      path: '/info-canned-policy',
      query: { name, v: '2' },
      expectStatus: 200,
      ...opts,
    });
    const info = parseJson<PolicyInfo>(res, 'info-canned-policy');
    return { ...info, PolicyName: info.PolicyName || name };
  }

  /** PUT /add-canned-policy: creates or replaces a policy (plain JSON body). */
  async add(name: string, document: PolicyDocument | string, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'PUT',
      path: '/add-canned-policy',
      query: { name },
      body: typeof document === 'string' ? document : JSON.stringify(document),
      expectStatus: 200,
      ...opts,
    });
  }

  /** DELETE /remove-canned-policy; 400 XMinioAdminPolicyInUse while mapped. */
  async remove(name: string, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'DELETE',
      path: '/remove-canned-policy',
      query: { name },
      expectStatus: 200,
      ...opts,
    });
  }

  /** PUT /set-user-or-group-policy: replaces the mapping; no names removes it. */
  async set(
    policies: readonly string[],
    entity: string,
    isGroup: boolean,
    opts: CallOptions = {},
  ): Promise<void> {
    await this.t.request({
      method: 'PUT',
      path: '/set-user-or-group-policy',
      query: { policyName: policies.join(','), userOrGroup: entity, isGroup: String(isGroup) },
      expectStatus: 200,
      ...opts,
    });
  }

  /** POST /idp/builtin/policy/attach (201); 409 XMinioPolicyAlreadyAttached when nothing changes. */
  async attach(association: PolicyAssociation, opts: CallOptions = {}): Promise<void> {
    await this.associate('attach', association, 201, opts);
  }

  /** POST /idp/builtin/policy/detach (204); 404 XMinioPolicyNotAttached when nothing changes. */
  async detach(association: PolicyAssociation, opts: CallOptions = {}): Promise<void> {
    await this.associate('detach', association, 204, opts);
  }

  /** GET /idp/builtin/policy-entities: who holds which policy (encrypted). */
  async entities(
    filter: { users?: string[]; groups?: string[]; policies?: string[] } = {},
    opts: CallOptions = {},
  ): Promise<PolicyEntitiesResult> {
    const res = await this.t.request({
      method: 'GET',
      path: '/idp/builtin/policy-entities',
      query: { user: filter.users ?? [], group: filter.groups ?? [], policy: filter.policies ?? [] },
      decrypt: true,
      expectStatus: 200,
      ...opts,
    });
    const r = parseJson<PolicyEntitiesResult>(res, 'policy-entities');
    return {
      timestamp: r.timestamp,
      userMappings: r.userMappings ?? [],
      groupMappings: r.groupMappings ?? [],
      policyMappings: (r.policyMappings ?? []).map((m) => ({
        ...m,
        users: m.users ?? [],
        groups: m.groups ?? [],
      })),
    };
  }

  private async associate(
    verb: 'attach' | 'detach',
    association: PolicyAssociation,
    expectStatus: number,
    opts: CallOptions,
  ): Promise<void> {
    await this.t.request({
      method: 'POST',
      path: `/idp/builtin/policy/${verb}`,
      body: JSON.stringify(association),
      encrypt: true,
      expectStatus,
      ...opts,
    });
  }
}
