import { MultiBucketReplicationRequest } from '@stowage/contract';
import { fieldProblem } from '../../../forms/schemaRules.js';

// The remote a replication goes to, as both replication forms ask for it (spec 001 §7, §9).

export interface RemoteDraft {
  syncMode: 'async' | 'sync';
  targetURL: string;
  useTLS: boolean;
  accessKey: string;
  secretKey: string;
  region: string;
  /** In Gi (binary) per second; spec 001 §9: 100 by default. */
  bandwidthGi: string;
  /** Seconds; spec 001 §9: 60 by default. */
  healthCheckPeriod: string;
}

export const DEFAULT_REMOTE: RemoteDraft = {
  syncMode: 'async',
  targetURL: '',
  useTLS: true,
  accessKey: '',
  secretKey: '',
  region: '',
  bandwidthGi: '100',
  healthCheckPeriod: '60',
};

const nonNegative = (t: string) => /^\d+$/.test(t.trim());

const request = MultiBucketReplicationRequest;
const relation = MultiBucketReplicationRequest.properties.bucketsRelation.items;

/** The remote as the contract's request accepts it (lengths and patterns from its schema). */
export function remoteComplete(r: RemoteDraft): boolean {
  return (
    r.targetURL.trim() !== '' &&
    fieldProblem(request, 'targetURL', targetURLOf(r)) === undefined &&
    fieldProblem(request, 'accessKey', r.accessKey.trim()) === undefined &&
    fieldProblem(request, 'secretKey', r.secretKey) === undefined &&
    nonNegative(r.bandwidthGi) &&
    nonNegative(r.healthCheckPeriod) &&
    Number(r.healthCheckPeriod) >= 1
  );
}

/** A destination bucket name the contract accepts (S3's lengths and pattern). */
export const isDestinationBucket = (name: string) =>
  fieldProblem(relation, 'destinationBucket', name.trim()) === undefined;

/** Spec 001 §7: the scheme comes from TLS; a scheme typed by the user is replaced. */
export const targetURLOf = (r: RemoteDraft) =>
  `${r.useTLS ? 'https' : 'http'}://${r.targetURL.trim().replace(/^https?:\/\//, '')}`;

/** Spec 001 §5: bandwidth is sent only for asynchronous mode, otherwise 0. */
export function remotePart(r: RemoteDraft): Omit<MultiBucketReplicationRequest, 'bucketsRelation'> {
  return {
    accessKey: r.accessKey.trim(),
    secretKey: r.secretKey,
    targetURL: targetURLOf(r),
    ...(r.region.trim() ? { region: r.region.trim() } : {}),
    syncMode: r.syncMode,
    bandwidth: r.syncMode === 'async' ? Number(r.bandwidthGi) * 1024 ** 3 : 0,
    healthCheckPeriod: Number(r.healthCheckPeriod),
  };
}

/** Spec 001 §2: the destination column shows the bucket without the ARN prefix. */
export const destinationName = (arn: string) => arn.replace(/^arn:[^:]*:s3:::/, '');
