import type { ConsoleAction, Job, JobKind } from '@stowage/contract';

/** The right on the job's bucket that its controls need: the one its kind uses to change keys. */
const KIND_ACTION: Record<Job['kind'], ConsoleAction> = {
  delete: 's3:DeleteObject',
  copy: 's3:PutObject',
  move: 's3:DeleteObject',
  'set-tags': 's3:PutObjectTagging',
  'set-retention': 's3:PutObjectRetention',
  'set-legal-hold': 's3:PutObjectLegalHold',
  'set-storage-class': 's3:PutObject',
  undo: 's3:DeleteObject',
};

export const jobAction = (kind: Job['kind'] | JobKind): ConsoleAction => KIND_ACTION[kind];
