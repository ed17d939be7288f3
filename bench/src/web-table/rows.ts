// The rows both tables draw: 50,000 objects of a listing, five text columns.
export interface BenchRow {
  name: string;
  size: string;
  modified: string;
  storageClass: string;
  etag: string;
}

export const ROWS = Number(new URLSearchParams(location.search).get('rows') ?? 50_000);

export const rows: BenchRow[] = Array.from({ length: ROWS }, (_, i) => ({
  name: `photos/2024/img-${String(i).padStart(6, '0')}.jpg`,
  size: `${(i % 977) + 1}.${i % 10} MiB`,
  modified: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
  storageClass: i % 7 === 0 ? 'GLACIER' : 'STANDARD',
  etag: (i * 2654435761).toString(16).padStart(8, '0'),
}));

export const COLUMNS = ['name', 'size', 'modified', 'storageClass', 'etag'] as const;
