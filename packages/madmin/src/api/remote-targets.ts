import type { BucketTarget } from '../types/remote-targets.js';
import { type AdminTransport, type CallOptions, parseJson } from './json.js';

/** Remote (replication) targets of a bucket (madmin-protocol.md §3.7). */
export class RemoteTargetsApi {
  constructor(private readonly t: AdminTransport) {}

  /** PUT /set-remote-target: checks the remote and returns the target's ARN. */
  async set(bucket: string, target: BucketTarget, opts: CallOptions = {}): Promise<string> {
    return this.put(bucket, target, {}, opts);
  }

  /** PUT /set-remote-target?update=true: changes the target `target.arn` names. */
  async update(
    bucket: string,
    target: BucketTarget & { arn: string },
    opts: CallOptions = {},
  ): Promise<string> {
    return this.put(
      bucket,
      target,
      {
        update: 'true',
        creds: 'true',
        sync: 'true',
        proxy: 'true',
        bandwidth: 'true',
        healthcheck: 'true',
        path: 'true',
      },
      opts,
    );
  }

  /** GET /list-remote-targets: secrets left out; 404 when the bucket has none. */
  async list(bucket: string, type = '', opts: CallOptions = {}): Promise<BucketTarget[]> {
    const res = await this.t.request({
      method: 'GET',
      path: '/list-remote-targets',
      query: { bucket, type },
      expectStatus: 200,
      ...opts,
    });
    return parseJson<BucketTarget[] | null>(res, 'list-remote-targets') ?? [];
  }

  /** DELETE /remove-remote-target (204). */
  async remove(bucket: string, arn: string, opts: CallOptions = {}): Promise<void> {
    await this.t.request({
      method: 'DELETE',
      path: '/remove-remote-target',
      query: { bucket, arn },
      expectStatus: 204,
      ...opts,
    });
  }

  private async put(
    bucket: string,
    target: BucketTarget,
    flags: Record<string, string>,
    opts: CallOptions,
  ): Promise<string> {
    const res = await this.t.request({
      method: 'PUT',
      path: '/set-remote-target',
      query: { bucket, ...flags },
      body: JSON.stringify(target),
      encrypt: true,
      expectStatus: 200,
      ...opts,
    });
    return parseJson<string>(res, 'set-remote-target');
  }
}
