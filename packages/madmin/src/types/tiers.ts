/** madmin.TierConfig: a remote tier; only the sub-object of its Type matters. */
export interface TierConfig {
  Version: 'v1';
  Type: 's3' | 'azure' | 'gcs' | 'minio';
  Name: string;
  S3?: Record<string, unknown>;
  Azure?: Record<string, unknown>;
  GCS?: Record<string, unknown>;
  MinIO?: Record<string, unknown>;
}

/** New credentials for a tier (madmin.TierCreds); `creds` is base64 (GCS). */
export interface TierCreds {
  access?: string;
  secret?: string;
  creds?: string;
  awsrole?: boolean;
}

export interface TierStatsEntry {
  Name: string;
  Type: string;
  Stats: { totalSize: number; numVersions: number; numObjects: number };
  DailyStats?: { Bins: { totalSize: number; numVersions: number; numObjects: number }[]; UpdatedAt: string };
}
