import { ServiceAccountCredentialsRequest } from '@stowage/contract';
import { fieldProblem, propertyRules } from '../../forms/schemaRules.js';
import type { NewServiceAccount } from './queries.js';

/** MinIO's limits on a chosen key pair, as the contract's request schema has them (for the messages). */
export const KEY_RULES = {
  accessKey: propertyRules(ServiceAccountCredentialsRequest, 'accessKey'),
  secretKey: propertyRules(ServiceAccountCredentialsRequest, 'secretKey'),
} as const;

export type ServiceAccountProblem = 'policyJson' | 'accessKey' | 'secretKey';

/** The first thing wrong with a draft, checked before any call; undefined when it can be sent. */
export function serviceAccountProblem(draft: NewServiceAccount): ServiceAccountProblem | undefined {
  if (draft.policy.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(draft.policy);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'policyJson';
    } catch {
      return 'policyJson';
    }
  }
  if (draft.keys) {
    const request = ServiceAccountCredentialsRequest;
    if (fieldProblem(request, 'accessKey', draft.keys.accessKey)) return 'accessKey';
    if (fieldProblem(request, 'secretKey', draft.keys.secretKey)) return 'secretKey';
  }
  return undefined;
}
