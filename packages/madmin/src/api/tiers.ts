import type { TierConfig, TierCreds, TierStatsEntry } from '../types/tiers.js';
import { type AdminTransport, type CallOptions, parseJson } from './json.js';

/** Remote tiers for lifecycle transitions (madmin-protocol.md §3.7). */
export class TiersApi {
  constructor(private readonly t: AdminTransport) {}

  /** PUT /tier (204): the server checks the tier before keeping it. */
  async add(tier: TierConfig, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'PUT',
      path: '/tier',
      body: JSON.stringify(tier),
      encrypt: true,
      expectStatus: 204,
      ...opts,
    });
  }

  /** GET /tier: secrets come back as "REDACTED". */
  async list(opts: CallOptions = {}): Promise<TierConfig[]> {
    const res = await this.t.request({ method: 'GET', path: '/tier', expectStatus: 200, ...opts });
    const tiers = parseJson<TierConfig[] | null>(res, 'tier') ?? [];
    // madmin refuses tiers it cannot use: the right version, a name, the typed settings.
    for (const t of tiers) {
      const key = ({ s3: 'S3', azure: 'Azure', gcs: 'GCS', minio: 'MinIO' } as const)[t.Type];
      if (t.Version !== 'v1' || !t.Name || !key || !t[key])
        throw new TypeError(`madmin: tier ${t.Name} is not valid`);
    }
    return tiers;
  }

  /** POST /tier/{name} (204): new credentials. */
  async edit(name: string, creds: TierCreds, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'POST',
      path: `/tier/${encodeURIComponent(name)}`,
      body: JSON.stringify({ awsrole: false, ...creds }),
      encrypt: true,
      expectStatus: 204,
      ...opts,
    });
  }

  /** DELETE /tier/{name} (204). */
  async remove(name: string, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'DELETE',
      path: `/tier/${encodeURIComponent(name)}`,
      expectStatus: 204,
      ...opts,
    });
  }

  /** GET /tier/{name} (204): the tier can be reached with its credentials. */
  async verify(name: string, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'GET',
      path: `/tier/${encodeURIComponent(name)}`,
      expectStatus: 204,
      ...opts,
    });
  }

  /** GET /tier-stats: the hot tier (STANDARD) first. */
  async stats(opts: CallOptions = {}): Promise<TierStatsEntry[]> {
    const res = await this.t.request({ method: 'GET', path: '/tier-stats', expectStatus: 200, ...opts });
    return parseJson<TierStatsEntry[] | null>(res, 'tier-stats') ?? [];
  }
}
