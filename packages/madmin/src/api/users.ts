import type { ServiceAccountInfo } from '../types/service-accounts.js';
import type { AccountStatus, UserInfo } from '../types/users.js';
import { type AdminTransport, type CallOptions, parseJson } from './json.js';

/** Users (madmin-protocol.md §3.2); the root user is not one of them. */
export class UsersApi {
  constructor(private readonly t: AdminTransport) {}

  /** GET /list-users: every user, by access key (encrypted). */
  async list(opts: CallOptions = {}): Promise<Record<string, UserInfo>> {
    const res = await this.t.request({
      method: 'GET',
      path: '/list-users',
      decrypt: true,
      expectStatus: 200,
      ...opts,
    });
    return parseJson<Record<string, UserInfo> | null>(res, 'list-users') ?? {};
  }

  /** GET /user-info; 404 XMinioAdminNoSuchUser for an unknown user. */
  async info(accessKey: string, opts: CallOptions = {}): Promise<UserInfo> {
    const res = await this.t.request({
      method: 'GET',
      path: '/user-info',
      query: { accessKey },
      expectStatus: 200,
      ...opts,
    });
    return parseJson<UserInfo>(res, 'user-info');
  }

  /** PUT /add-user: adds a user or changes its secret (and status); the body is encrypted. */
  async add(
    accessKey: string,
    secretKey: string,
    status: AccountStatus = 'enabled',
    opts: CallOptions = {},
  ): Promise<void> {
    await this.t.request({
      method: 'PUT',
      path: '/add-user',
      query: { accessKey },
      body: JSON.stringify({ secretKey, status }),
      encrypt: true,
      expectStatus: 200,
      ...opts,
    });
  }

  /** PUT /set-user-status. */
  async setStatus(accessKey: string, status: AccountStatus, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'PUT',
      path: '/set-user-status',
      query: { accessKey, status },
      expectStatus: 200,
      ...opts,
    });
  }

  /** GET /temporary-account-info: who an STS credential acts for, and its policy (encrypted). */
  async temporaryAccountInfo(accessKey: string, opts: CallOptions = {}): Promise<ServiceAccountInfo> {
    const res = await this.t.request({
      method: 'GET',
      path: '/temporary-account-info',
      query: { accessKey },
      decrypt: true,
      expectStatus: 200,
      ...opts,
    });
    return parseJson<ServiceAccountInfo>(res, 'temporary-account-info');
  }

  /** DELETE /remove-user: the user, its mappings, memberships and service accounts. */
  async remove(accessKey: string, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'DELETE',
      path: '/remove-user',
      query: { accessKey },
      expectStatus: 200,
      ...opts,
    });
  }
}
