import type { Readable } from 'node:stream';
import type { ByteRange } from '../../engine/object-layer.js';
import { answerText, discard, httpStream, type StreamAnswer } from '../../net/http-stream.js';
import type { OutboundPolicy } from '../../net/outbound.js';
import { TierUnavailable, type WarmBackend } from './warm-backend.js';

// What the S3, GCS and Azure tiers share: one REST call per operation on the object's URL,
// answers checked by status, an error document's <Code> named in the failure. Each tier
// says how it signs, where objects live and the few headers and statuses that differ.

const ANSWER_WITHIN_MS = 30_000;

export interface RestDialect {
  /** Headers of a PUT of `size` bytes besides the signature. */
  putHeaders(size: number): Record<string, string>;
  putOk: number;
  deleteOk: readonly number[];
  /** The header a ranged GET names its bytes in. */
  rangeHeader: string;
}

export abstract class RestBackend implements WarmBackend {
  protected abstract readonly dialect: RestDialect;

  constructor(
    protected readonly tier: string,
    protected readonly f: Record<string, string>,
    protected readonly outbound: OutboundPolicy,
  ) {}

  protected abstract url(name: string): URL;
  /** The request's headers, `extra` with what authorises the call. */
  protected abstract sign(
    method: string,
    url: URL,
    extra: Record<string, string>,
    hasBody: boolean,
  ): Promise<Record<string, string>>;

  private async call(
    method: string,
    name: string,
    extra: Record<string, string> = {},
    body?: Readable,
  ): Promise<StreamAnswer> {
    const url = this.url(name);
    try {
      const headers = await this.sign(method, url, extra, body !== undefined);
      return await httpStream(
        url,
        { method, headers, timeoutMs: ANSWER_WITHIN_MS, ...(body ? { body } : {}) },
        this.outbound,
      );
    } catch (err) {
      throw new TierUnavailable(this.tier, (err as Error).message);
    }
  }

  private async failed(answer: StreamAnswer, what: string): Promise<TierUnavailable> {
    const text = await answerText(answer.body).catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP ${answer.status}`;
    return new TierUnavailable(this.tier, `${what}: ${code}`);
  }

  async put(name: string, body: Readable, size: number): Promise<void> {
    const answer = await this.call('PUT', name, this.dialect.putHeaders(size), body);
    if (answer.status !== this.dialect.putOk) throw await this.failed(answer, 'PUT');
    discard(answer.body);
  }

  async get(name: string, range?: ByteRange): Promise<Readable> {
    const extra: Record<string, string> = range
      ? { [this.dialect.rangeHeader]: `bytes=${range.start}-${range.end}` }
      : {};
    const answer = await this.call('GET', name, extra);
    if (answer.status !== 200 && answer.status !== 206) throw await this.failed(answer, 'GET');
    return answer.body;
  }

  async stat(name: string): Promise<number | undefined> {
    const answer = await this.call('HEAD', name);
    discard(answer.body);
    if (answer.status === 404) return undefined;
    if (answer.status !== 200) throw new TierUnavailable(this.tier, `HEAD: HTTP ${answer.status}`);
    return Number(answer.headers['content-length']);
  }

  async remove(name: string): Promise<void> {
    const answer = await this.call('DELETE', name);
    if (!this.dialect.deleteOk.includes(answer.status) && answer.status !== 404)
      throw await this.failed(answer, 'DELETE');
    discard(answer.body);
  }
}

/** A path under the tier's service URL: /<bucket>/<prefix>/<name>, each segment encoded. */
export function objectUrl(service: string, bucket: string | undefined, path: string): URL {
  const key = path.split('/').map(encodeURIComponent).join('/');
  return new URL(`${service.replace(/\/+$/, '')}/${encodeURIComponent(bucket ?? '')}/${key}`);
}
