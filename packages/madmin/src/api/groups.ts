import type { GroupAddRemove, GroupDesc } from '../types/groups.js';
import type { AccountStatus } from '../types/users.js';
import { type AdminTransport, type CallOptions, parseJson } from './json.js';

/** Groups (madmin-protocol.md §3.3). */
export class GroupsApi {
  constructor(private readonly t: AdminTransport) {}

  /** PUT /update-group-members: add (creating the group) or remove members; remove an empty group. */
  async updateMembers(update: GroupAddRemove, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'PUT',
      path: '/update-group-members',
      body: JSON.stringify({ groupStatus: '', ...update }),
      expectStatus: 200,
      ...opts,
    });
  }

  /** GET /group. */
  async describe(group: string, opts: CallOptions = {}): Promise<GroupDesc> {
    const res = await this.t.request({
      method: 'GET',
      path: '/group',
      query: { group },
      expectStatus: 200,
      ...opts,
    });
    const desc = parseJson<GroupDesc>(res, 'group');
    return { ...desc, members: desc.members ?? [] };
  }

  /** GET /groups: group names. */
  async list(opts: CallOptions = {}): Promise<string[]> {
    const res = await this.t.request({ method: 'GET', path: '/groups', expectStatus: 200, ...opts });
    return parseJson<string[] | null>(res, 'groups') ?? [];
  }

  /** PUT /set-group-status. */
  async setStatus(group: string, status: AccountStatus, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'PUT',
      path: '/set-group-status',
      query: { group, status },
      expectStatus: 200,
      ...opts,
    });
  }
}
