import {
  type BgHealState,
  HEAL_DEFAULTS,
  type HealOpts,
  type HealStartSuccess,
  type HealTaskStatus,
} from '../types/heal.js';
import { type AdminTransport, type CallOptions, parseJson } from './json.js';

const healPath = (bucket: string, prefix: string) => `/heal/${bucket}${prefix ? `/${prefix}` : ''}`;

/** Keys matched case-insensitively, as Go decodes them (the server capitalises some). */
function pick(o: Record<string, unknown>, key: string): unknown {
  const found = Object.keys(o).find((k) => k.toLowerCase() === key.toLowerCase());
  return found === undefined ? undefined : o[found];
}

/** Heal sequences (madmin-protocol.md §3.8): start one on a path, then poll it. */
export class HealApi {
  constructor(private readonly t: AdminTransport) {}

  /** Starts a sequence on every bucket (''), a bucket, or a prefix of one. */
  async start(
    bucket: string,
    prefix: string,
    opts: HealOpts = {},
    force: { forceStart?: boolean; forceStop?: boolean } = {},
    call: CallOptions = {},
  ): Promise<HealStartSuccess> {
    const res = await this.t.request({
      method: 'POST',
      path: healPath(bucket, prefix),
      query: {
        ...(force.forceStart ? { forceStart: 'true' } : {}),
        ...(force.forceStop ? { forceStop: 'true' } : {}),
      },
      body: JSON.stringify({ ...HEAL_DEFAULTS, ...opts }),
      expectStatus: 200,
      ...call,
    });
    return parseJson<HealStartSuccess>(res, 'heal');
  }

  /** One poll: the state and the items healed since the previous poll. */
  async status(
    bucket: string,
    prefix: string,
    clientToken: string,
    call: CallOptions = {},
  ): Promise<HealTaskStatus> {
    const res = await this.t.request({
      method: 'POST',
      path: healPath(bucket, prefix),
      query: { clientToken },
      expectStatus: 200,
      ...call,
    });
    const raw = parseJson<Record<string, unknown>>(res, 'heal status');
    const detail = pick(raw, 'detail') as string | undefined;
    return {
      summary: pick(raw, 'summary') as HealTaskStatus['summary'],
      ...(detail ? { detail } : {}),
      startTime: pick(raw, 'startTime') as string,
      settings: (pick(raw, 'settings') ?? {}) as HealOpts,
      items: (pick(raw, 'items') ?? []) as HealTaskStatus['items'],
    };
  }

  /** The background heal: drives being filled again and the heal-on-read queue (BackgroundHealStatus). */
  async background(call: CallOptions = {}): Promise<BgHealState> {
    const res = await this.t.request({
      method: 'POST',
      path: '/background-heal/status',
      expectStatus: 200,
      ...call,
    });
    return parseJson<BgHealState>(res, 'background heal status');
  }
}
