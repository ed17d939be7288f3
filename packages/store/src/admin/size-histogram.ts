// The size classes of a bucket's objects as madmin names them (madmin-protocol.md §7.3):
// objectsSizesHistogram in DataUsageInfo, objectHistogram in AccountInfo, and the range
// label of minio_bucket_objects_size_distribution. In the engine's order (BucketUsage.sizes).
export const SIZE_CLASS_NAMES = [
  'LESS_THAN_1024_B',
  'BETWEEN_1024_B_AND_1_MB',
  'BETWEEN_1_MB_AND_10_MB',
  'BETWEEN_10_MB_AND_64_MB',
  'BETWEEN_64_MB_AND_128_MB',
  'BETWEEN_128_MB_AND_512_MB',
  'GREATER_THAN_512_MB',
] as const;

export function sizeHistogram(sizes: readonly number[]): Record<string, number> {
  return Object.fromEntries(SIZE_CLASS_NAMES.map((name, i) => [name, sizes[i] ?? 0]));
}
