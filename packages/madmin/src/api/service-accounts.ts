import type {
  AddServiceAccountRequest,
  ServiceAccountCredentials,
  ServiceAccountInfo,
  UpdateServiceAccountRequest,
} from '../types/service-accounts.js';
import { type AdminTransport, type CallOptions, parseJson } from './json.js';

/** Service accounts, the access keys of a user (madmin-protocol.md §3.5). */
export class ServiceAccountsApi {
  constructor(private readonly t: AdminTransport) {}

  /** PUT /add-service-account: the server makes the keys when none are given. */
  async add(req: AddServiceAccountRequest = {}, opts: CallOptions = {}): Promise<ServiceAccountCredentials> {
    const res = await this.t.request({
      method: 'PUT',
      path: '/add-service-account',
      body: JSON.stringify(req),
      encrypt: true,
      decrypt: true,
      expectStatus: 200,
      ...opts,
    });
    return parseJson<{ credentials: ServiceAccountCredentials }>(res, 'add-service-account').credentials;
  }

  /** POST /update-service-account (204). */
  async update(accessKey: string, req: UpdateServiceAccountRequest, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'POST',
      path: '/update-service-account',
      query: { accessKey },
      body: JSON.stringify(req),
      encrypt: true,
      expectStatus: 204,
      ...opts,
    });
  }

  /** GET /list-service-accounts: access keys of `user` (default: the caller). */
  async list(user = '', opts: CallOptions = {}): Promise<string[]> {
    const res = await this.t.request({
      method: 'GET',
      path: '/list-service-accounts',
      query: { user },
      decrypt: true,
      expectStatus: 200,
      ...opts,
    });
    return parseJson<{ accounts: string[] | null }>(res, 'list-service-accounts').accounts ?? [];
  }

  /** GET /info-service-account. */
  async info(accessKey: string, opts: CallOptions = {}): Promise<ServiceAccountInfo> {
    const res = await this.t.request({
      method: 'GET',
      path: '/info-service-account',
      query: { accessKey },
      decrypt: true,
      expectStatus: 200,
      ...opts,
    });
    return parseJson<ServiceAccountInfo>(res, 'info-service-account');
  }

  /** DELETE /delete-service-account (204). */
  async delete(accessKey: string, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'DELETE',
      path: '/delete-service-account',
      query: { accessKey },
      expectStatus: 204,
      ...opts,
    });
  }
}
