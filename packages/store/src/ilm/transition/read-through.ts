import { partRange } from '../../engine/erasure/objects.js';
import { withOverrides } from '../../engine/layer-overrides.js';
import type {
  ByteRange,
  GetObjectResult,
  ObjectInfo,
  ObjectLayer,
  ReadOptions,
} from '../../engine/object-layer.js';
import { resolveRange } from '../../engine/range.js';
import { onlyRemote, remoteOf, withTransitionedLayout } from './transitioned.js';
import type { Transitions } from './transitions.js';

// The engine as S3 sees it once versions may live on a tier: reads of a transitioned version
// come from its tier (ranges and parts too) or from its restored copy, and its info shows
// the layout it had. (Removing the tier's copy with the version is the engine's
// onVersionsRemoved: lifecycle expiry and overwrites do it too, not only S3 deletes.)

/** The stored bytes a read asks for, planned on the version's own layout. */
function planned(info: ObjectInfo, opts: ReadOptions): ByteRange | undefined {
  if (opts.plan) return opts.plan(info);
  if (opts.partNumber !== undefined) return partRange(info, opts.partNumber);
  return opts.range && resolveRange(opts.range, info.storedSize);
}

/** A read of a restored copy, its info showing the version's own layout. */
function restoredCopy(local: GetObjectResult): GetObjectResult {
  return {
    info: withTransitionedLayout(local.info),
    get stream() {
      return local.stream;
    },
    ...(local.bytes ? { bytes: local.bytes } : {}),
    ...(local.range ? { range: local.range } : {}),
  };
}

export function readThrough<L extends ObjectLayer>(layer: L, transitions: Transitions): L {
  const getObject = async (bucket: string, key: string, opts: ReadOptions = {}): Promise<GetObjectResult> => {
    let remote: { info: ObjectInfo; range: ByteRange | undefined } | undefined;
    const local = await layer.getObject(bucket, key, {
      ...opts,
      plan: (raw) => {
        const info = withTransitionedLayout(raw);
        const range = planned(info, opts);
        if (!onlyRemote(raw)) return range;
        remote = { info, range };
        return undefined;
      },
    });
    if (!remote) return remoteOf(local.info) ? restoredCopy(local) : local;
    const { info, range } = remote;
    const stream = await transitions.read(info, range);
    return { info, stream, ...(range ? { range } : {}) };
  };
  const getObjectInfo = async (
    bucket: string,
    key: string,
    opts?: Omit<ReadOptions, 'range'>,
  ): Promise<ObjectInfo> => withTransitionedLayout(await layer.getObjectInfo(bucket, key, opts));
  return withOverrides(layer, { getObject, getObjectInfo });
}
