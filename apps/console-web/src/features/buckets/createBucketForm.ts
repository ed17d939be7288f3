import type { MakeBucketRequest } from '@stowage/contract';

// Spec 001 §4 and §5: the Create Bucket form's state, its interplay rules and when it can be saved.

/** Binary units for the quota size (spec 001 §9: B as the base). */
export const QUOTA_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;
export type QuotaUnit = (typeof QUOTA_UNITS)[number];

/** Spec 001 §9: the bucket name is stored 1000 ms after the last keystroke. */
export const BUCKET_NAME_DEBOUNCE_MS = 1000;

export interface CreateBucketForm {
  name: string;
  versioning: boolean;
  locking: boolean;
  quota: { enabled: boolean; type: 'hard' | 'fifo'; size: string; unit: QuotaUnit };
  retention: {
    enabled: boolean;
    mode: 'compliance' | 'governance';
    unit: 'days' | 'years';
    validity: string;
  };
}

const DEFAULT_RETENTION: CreateBucketForm['retention'] = {
  enabled: false,
  mode: 'compliance',
  unit: 'days',
  validity: '1',
};

export const EMPTY_FORM: CreateBucketForm = {
  name: '',
  versioning: false,
  locking: false,
  quota: { enabled: false, type: 'hard', size: '1', unit: 'TiB' },
  retention: DEFAULT_RETENTION,
};

export type FormChange =
  | { kind: 'name'; name: string }
  | { kind: 'versioning'; on: boolean }
  | { kind: 'locking'; on: boolean }
  | { kind: 'quota'; quota: Partial<CreateBucketForm['quota']> }
  | { kind: 'retention'; retention: Partial<CreateBucketForm['retention']> }
  | { kind: 'clear' };

/** One change and the rules it triggers. */
export function reduceForm(form: CreateBucketForm, change: FormChange): CreateBucketForm {
  switch (change.kind) {
    case 'clear':
      return EMPTY_FORM;
    case 'name':
      return { ...form, name: change.name };
    case 'versioning':
      // Versioning off: retention goes back to its defaults (off); locking needs versioning.
      return change.on
        ? { ...form, versioning: true }
        : { ...form, versioning: false, locking: false, retention: DEFAULT_RETENTION };
    case 'locking':
      // Retention on keeps locking on; locking needs versioning.
      if (form.retention.enabled && !change.on) return form;
      return { ...form, locking: change.on, versioning: change.on ? true : form.versioning };
    case 'quota':
      return { ...form, quota: { ...form.quota, ...change.quota } };
    case 'retention': {
      const retention = { ...form.retention, ...change.retention };
      if (!form.versioning) return { ...form, retention: DEFAULT_RETENTION };
      if (!retention.enabled) return { ...form, retention: DEFAULT_RETENTION };
      // Retention on forces object locking on (and locks that switch).
      return { ...form, retention, locking: true };
    }
  }
}

const positiveInteger = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1;

/** Spec 001 §5: a non-blank name; a non-zero quota size; a retention validity of at least 1. */
export function canSave(form: CreateBucketForm): boolean {
  if (form.name.trim() === '') return false;
  if (form.quota.enabled && !positiveInteger(form.quota.size)) return false;
  if (form.retention.enabled && !positiveInteger(form.retention.validity)) return false;
  return true;
}

/** The POST /buckets body; quota and retention only in distributed mode (spec 001 §7). */
export function toRequest(form: CreateBucketForm, distributed: boolean): MakeBucketRequest {
  const request: MakeBucketRequest = { name: form.name.trim() };
  if (!distributed) return request;
  request.versioning = form.versioning;
  request.locking = form.locking;
  if (form.quota.enabled)
    request.quota = {
      enabled: true,
      quota_type: form.quota.type,
      amount: Number(form.quota.size) * 1024 ** QUOTA_UNITS.indexOf(form.quota.unit),
    };
  if (form.retention.enabled)
    request.retention = {
      mode: form.retention.mode,
      unit: form.retention.unit,
      validity: Number(form.retention.validity),
    };
  return request;
}

/** Spec 001 §3: a quota shows in the largest binary unit that divides it exactly. */
export function exactUnit(bytes: number): { size: number; unit: QuotaUnit } {
  for (let i = QUOTA_UNITS.length - 1; i > 0; i -= 1) {
    const factor = 1024 ** i;
    if (bytes >= factor && bytes % factor === 0)
      return { size: bytes / factor, unit: QUOTA_UNITS[i] as QuotaUnit };
  }
  return { size: bytes, unit: 'B' };
}
