import { EngineError } from './errors.js';
import type { ByteRange, RangeSpec } from './object-layer.js';

/** Resolves a requested range against an object's size (RFC 9110 semantics, as S3). */
export function resolveRange(spec: RangeSpec, size: number): ByteRange {
  if ('suffix' in spec) {
    if (spec.suffix === 0 || size === 0) throw new EngineError('InvalidRange');
    return { start: Math.max(0, size - spec.suffix), end: size - 1 };
  }
  if (spec.start >= size) throw new EngineError('InvalidRange');
  return { start: spec.start, end: Math.min(spec.end ?? size - 1, size - 1) };
}
