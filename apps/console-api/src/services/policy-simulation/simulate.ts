import type { EvaluatedPolicy, SimulatePolicyRequest, SimulatePolicyResponse } from '@stowage/contract';
import type { MadminClient } from '@stowage/madmin';
import { explain, explainRights, type RequestFacts } from '@stowage/policy';
import type { Client as S3Client } from 'minio';
import {
  bucketDocument,
  type PrincipalDocuments,
  principalDocuments,
  type SourcedPolicy,
} from './documents.js';

// One question to the simulator: the principal's documents and the bucket's policy, judged by
// the store's own evaluation (@stowage/policy), with the statement that decided.

export async function simulatePolicy(
  admin: MadminClient,
  s3: S3Client,
  request: SimulatePolicyRequest,
  now = new Date(),
): Promise<SimulatePolicyResponse> {
  const documents = await principalDocuments(admin, request.principal);
  const bucket = await bucketDocument(s3, request.bucket);
  return decide(documents, bucket, request, now);
}

/** The decision for documents already read (effective permissions ask many questions of one set). */
export function decide(
  documents: PrincipalDocuments,
  bucket: SourcedPolicy | undefined,
  request: Pick<SimulatePolicyRequest, 'action' | 'bucket' | 'key' | 'conditions'>,
  now: Date,
): SimulatePolicyResponse {
  const facts: RequestFacts = {
    action: request.action,
    resource: `arn:aws:s3:::${request.bucket}${request.key === undefined ? '' : `/${request.key}`}`,
    principal: documents.principal,
    conditions: {
      'aws:CurrentTime': [now.toISOString()],
      'aws:EpochTime': [String(Math.floor(now.getTime() / 1000))],
      ...documents.conditions,
      ...request.conditions,
    },
  };
  const verdict = explainRights({
    unlimited: false,
    identity: documents.identity.map((p) => p.parsed),
    limits: documents.limits.map((p) => p.parsed),
    facts,
    ...(bucket ? { bucket: bucket.parsed } : {}),
  });
  const by = verdict.decidedBy;
  const decider = by
    ? by.source === 'identity'
      ? documents.identity[by.policy]
      : by.source === 'limit'
        ? documents.limits[by.policy]
        : bucket
    : undefined;
  return {
    allowed: verdict.allowed,
    decidedBy:
      by && decider
        ? {
            source: decider.source,
            policy: decider.name,
            statement: by.statement,
            ...(by.sid ? { sid: by.sid } : {}),
            effect: by.effect,
            document: JSON.stringify(decider.statements[by.statement] ?? {}, null, 2),
          }
        : null,
    evaluated: [...documents.identity, ...documents.limits, ...(bucket ? [bucket] : [])].map(
      (policy): EvaluatedPolicy => ({
        source: policy.source,
        policy: policy.name,
        outcome: explain([policy.parsed], facts).decision,
      }),
    ),
  };
}
