import type { ConfigHelp, ConfigHistoryEntry, IdpConfig, IdpListItem } from '../types/config.js';
import { type AdminTransport, type CallOptions, parseJson } from './json.js';

/** Server configuration as KV text (madmin-protocol.md §3.6, §6); bodies are encrypted. */
export class ConfigApi {
  constructor(private readonly t: AdminTransport) {}

  /** GET /get-config-kv: `subsys` (every target), `subsys:` (default) or `subsys:target`. */
  async getKV(key: string, opts: CallOptions = {}): Promise<string> {
    const res = await this.t.request({
      method: 'GET',
      path: '/get-config-kv',
      query: { key },
      decrypt: true,
      expectStatus: 200,
      ...opts,
    });
    return res.body.toString('utf8');
  }

  /** PUT /set-config-kv; `restart` tells whether the change waits for a restart. */
  async setKV(kv: string, opts: CallOptions = {}): Promise<{ restart: boolean }> {
    const res = await this.t.request({
      method: 'PUT',
      path: '/set-config-kv',
      body: kv,
      encrypt: true,
      expectStatus: 200,
      ...opts,
    });
    return { restart: res.headers.get('x-minio-config-applied') !== 'true' };
  }

  /** DELETE /del-config-kv: `subsys[:target]` removes a target; with keys, resets those keys. */
  async delKV(kv: string, opts: CallOptions = {}): Promise<{ restart: boolean }> {
    const res = await this.t.request({
      method: 'DELETE',
      path: '/del-config-kv',
      body: kv,
      encrypt: true,
      expectStatus: 200,
      ...opts,
    });
    return { restart: res.headers.get('x-minio-config-applied') !== 'true' };
  }

  /** GET /help-config-kv: keys of a subsystem ('' lists the subsystems); `env` names variables. */
  async help(subSys: string, key = '', env = false, opts: CallOptions = {}): Promise<ConfigHelp> {
    const res = await this.t.request({
      method: 'GET',
      path: '/help-config-kv',
      query: { subSys, key, ...(env ? { env: '' } : {}) },
      expectStatus: 200,
      ...opts,
    });
    return parseJson<ConfigHelp>(res, 'help-config-kv');
  }

  /** GET /config: the whole configuration as text. */
  async getAll(opts: CallOptions = {}): Promise<string> {
    const res = await this.t.request({
      method: 'GET',
      path: '/config',
      decrypt: true,
      expectStatus: 200,
      ...opts,
    });
    return res.body.toString('utf8');
  }

  /** PUT /config: replaces the whole configuration. */
  async setAll(text: string, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'PUT',
      path: '/config',
      body: text,
      encrypt: true,
      expectStatus: 200,
      ...opts,
    });
  }

  /** GET /list-config-history-kv: the last `count` changes (10 when 0), oldest first. */
  async history(count = 10, opts: CallOptions = {}): Promise<ConfigHistoryEntry[]> {
    const res = await this.t.request({
      method: 'GET',
      path: '/list-config-history-kv',
      query: { count: String(count || 10) },
      decrypt: true,
      expectStatus: 200,
      ...opts,
    });
    return parseJson<ConfigHistoryEntry[] | null>(res, 'list-config-history-kv') ?? [];
  }

  /** PUT /restore-config-history-kv: applies an entry again (and forgets it). */
  async restore(restoreId: string, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'PUT',
      path: '/restore-config-history-kv',
      query: { restoreId },
      expectStatus: 200,
      ...opts,
    });
  }

  /** PUT (add) or POST (update) /idp-config/{type}/{name}: KV text without the subsystem. */
  async setIdp(
    type: 'openid' | 'ldap',
    name: string,
    kv: string,
    update: boolean,
    opts: CallOptions = {},
  ): Promise<{ restart: boolean }> {
    const res = await this.t.request({
      method: update ? 'POST' : 'PUT',
      path: `/idp-config/${type}/${encodeURIComponent(name || '_')}`,
      body: kv,
      encrypt: true,
      contentType: 'application/octet-stream',
      expectStatus: 200,
      ...opts,
    });
    return { restart: res.headers.get('x-minio-config-applied') !== 'true' };
  }

  /** GET /idp-config/{type}/{name}: the provider's keys and values. */
  async getIdp(type: 'openid' | 'ldap', name: string, opts: CallOptions = {}): Promise<IdpConfig> {
    const res = await this.t.request({
      method: 'GET',
      path: `/idp-config/${type}/${encodeURIComponent(name || '_')}`,
      decrypt: true,
      expectStatus: 200,
      ...opts,
    });
    return parseJson<IdpConfig>(res, 'idp-config');
  }

  /** GET /idp-config/{type}: the providers of a type. */
  async listIdp(type: 'openid' | 'ldap', opts: CallOptions = {}): Promise<IdpListItem[]> {
    const res = await this.t.request({
      method: 'GET',
      path: `/idp-config/${type}`,
      decrypt: true,
      expectStatus: 200,
      ...opts,
    });
    return parseJson<IdpListItem[] | null>(res, 'idp-config') ?? [];
  }

  /** DELETE /idp-config/{type}/{name}. */
  async deleteIdp(type: 'openid' | 'ldap', name: string, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'DELETE',
      path: `/idp-config/${type}/${encodeURIComponent(name || '_')}`,
      expectStatus: 200,
      ...opts,
    });
  }

  /** DELETE /clear-config-history-kv: one entry, or 'all'. */
  async clearHistory(restoreId: string, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'DELETE',
      path: '/clear-config-history-kv',
      query: { restoreId },
      expectStatus: 200,
      ...opts,
    });
  }
}
