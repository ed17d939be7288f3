import { DESTRUCTIVE_JOB_KINDS, type JobKind, type JobRequest } from '@stowage/contract';

// The Bulk actions dialog's fields and the job request they make: parse, then send.

export interface JobForm {
  kind: JobKind;
  destinationBucket: string;
  destinationPrefix: string;
  /** key=value, one a line. */
  tags: string;
  retentionMode: 'governance' | 'compliance';
  /** yyyy-mm-dd */
  retainUntil: string;
  governanceBypass: boolean;
  legalHold: 'on' | 'off';
  storageClass: string;
}

export const emptyJobForm = (bucket: string, prefix: string): JobForm => ({
  kind: 'delete',
  destinationBucket: bucket,
  destinationPrefix: prefix,
  tags: '',
  retentionMode: 'governance',
  retainUntil: '',
  governanceBypass: false,
  legalHold: 'on',
  storageClass: 'STANDARD',
});

/** Tag lines as a record; undefined when a line is not key=value. */
export function parseTags(text: string): Record<string, string> | undefined {
  const tags: Record<string, string> = {};
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (line === '') continue;
    const at = line.indexOf('=');
    if (at <= 0) return undefined;
    tags[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return tags;
}

export const isDestructive = (kind: JobKind) => DESTRUCTIVE_JOB_KINDS.includes(kind);

/** What a destructive job asks to be retyped: the prefix, or the bucket's name for all of it. */
export const confirmationText = (bucket: string, prefix: string) => prefix || bucket;

/** The request for the form's kind, or undefined while a needed field is missing or wrong. */
export function jobRequest(
  bucket: string,
  prefix: string,
  form: JobForm,
  picked: readonly string[] = [],
): JobRequest | undefined {
  // Picked rows of the listing (keys, and folders ending in '/'); none means the whole prefix.
  const base = { kind: form.kind, bucket, prefix, ...(picked.length > 0 ? { keys: [...picked] } : {}) };
  switch (form.kind) {
    case 'delete':
      return base;
    case 'copy':
    case 'move':
      if (!form.destinationBucket) return undefined;
      return {
        ...base,
        options: { destination: { bucket: form.destinationBucket, prefix: form.destinationPrefix } },
      };
    case 'set-tags': {
      const tags = parseTags(form.tags);
      return tags && { ...base, options: { tags } };
    }
    case 'set-retention': {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(form.retainUntil)) return undefined;
      return {
        ...base,
        options: {
          retention: {
            mode: form.retentionMode,
            until: new Date(`${form.retainUntil}T00:00:00Z`).toISOString(),
            ...(form.governanceBypass ? { governance_bypass: true } : {}),
          },
        },
      };
    }
    case 'set-legal-hold':
      return { ...base, options: { legal_hold: form.legalHold } };
    case 'set-storage-class':
      return { ...base, options: { storage_class: form.storageClass } };
  }
}
