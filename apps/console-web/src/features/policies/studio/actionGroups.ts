import { POLICY_ACTIONS, policyActionKind } from '@stowage/contract/policy-catalogue';
import type { PolicyKind } from './lintPolicy.js';

// The action picker's options: grouped by service, and S3's by what the action does.

export const ACTION_GROUPS = ['s3read', 's3list', 's3write', 'admin', 'kms', 'sts'] as const;
export type ActionGroup = (typeof ACTION_GROUPS)[number];

export function actionGroup(action: string): ActionGroup {
  const service = action.slice(0, action.indexOf(':')).toLowerCase();
  if (service === 'kms' || service === 'sts') return service;
  const kind = policyActionKind(action);
  return kind === 'admin' ? 'admin' : `s3${kind}`;
}

/** Each group's actions, sorted; a bucket policy is offered S3 actions only. */
export function actionsByGroup(kind: PolicyKind): { group: ActionGroup; actions: string[] }[] {
  return ACTION_GROUPS.filter((group) => kind === 'identity' || group.startsWith('s3'))
    .map((group) => ({
      group,
      actions: POLICY_ACTIONS.filter((action) => actionGroup(action) === group).sort(),
    }))
    .filter(({ actions }) => actions.length > 0);
}
