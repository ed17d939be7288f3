import { Alert, Select, Switch, Text, TextInput } from '@mantine/core';
import {
  type BucketAccessPolicy,
  type BucketQuota,
  type BucketRetention,
  KMS_KEY_ID_MAX_LENGTH,
} from '@stowage/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAfterReset, FormDialog, mutationState } from '../../../components/FormDialog.js';
import { tokens } from '../../../theme/tokens.js';
import { prettyPolicy } from '../../policies/policyDocument.js';
import { hasErrors, lintPolicy } from '../../policies/studio/lintPolicy.js';
import { PolicyStudio } from '../../policies/studio/PolicyStudio.js';
import { QuotaFields, RetentionFields } from '../BucketLimitFields.js';
import { exactUnit, QUOTA_UNITS, type QuotaUnit } from '../createBucketForm.js';
import { type EncryptionChoice, encryptionChanged } from './encryption.js';
import {
  useSetBucketPolicy,
  useSetEncryption,
  useSetQuota,
  useSetRetention,
  useSetVersioning,
} from './queries.js';

export type SummaryDialog = 'access' | 'encryption' | 'versioning' | 'quota' | 'retention';

interface Current {
  access: BucketAccessPolicy | undefined;
  /** The bucket policy's text ('' for none), which Custom opens in the policy studio. */
  definition: string | undefined;
  versioned: boolean;
  quota: BucketQuota | undefined;
  retention: BucketRetention | undefined;
  /** undefined until it has loaded: the dialog never opens on a guess. */
  encryption: EncryptionChoice | undefined;
}

interface SummaryDialogsProps {
  bucket: string;
  open: SummaryDialog | undefined;
  onClose: () => void;
  current: Current;
}

/** The Summary's modals (spec 001 §2): each opens on the current value and saves one setting. */
export function SummaryDialogs({ bucket, open, onClose, current }: SummaryDialogsProps) {
  return (
    <>
      <AccessDialog
        bucket={bucket}
        opened={open === 'access'}
        onClose={onClose}
        current={current.access}
        definition={current.definition}
      />
      {current.encryption && (
        <EncryptionDialog
          bucket={bucket}
          opened={open === 'encryption'}
          onClose={onClose}
          current={current.encryption}
        />
      )}
      <VersioningDialog
        bucket={bucket}
        opened={open === 'versioning'}
        onClose={onClose}
        current={current.versioned}
      />
      <QuotaDialog bucket={bucket} opened={open === 'quota'} onClose={onClose} current={current.quota} />
      <RetentionDialog
        bucket={bucket}
        opened={open === 'retention'}
        onClose={onClose}
        current={current.retention}
      />
    </>
  );
}

interface DialogProps<T> {
  bucket: string;
  opened: boolean;
  onClose: () => void;
  current: T;
}

/** A dialog's draft: the current value as it is when the dialog opens. */
function useDraft<T>(opened: boolean, current: T): [T, (next: T) => void] {
  const [draft, setDraft] = useState(current);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (opened && !wasOpen.current) setDraft(current);
    wasOpen.current = opened;
  }, [opened, current]);
  return [draft, setDraft];
}

/** A bucket policy to start Custom from when the bucket has none. */
const EMPTY_BUCKET_POLICY = `{
  "Version": "2012-10-17",
  "Statement": []
}`;

/**
 * Private, Public, or Custom: the bucket policy itself in the policy studio (bucket kind: a
 * Principal in each statement, resources in this bucket); Save waits for its lint errors.
 */
function AccessDialog({
  bucket,
  opened,
  onClose,
  current,
  definition,
}: DialogProps<BucketAccessPolicy | undefined> & { definition: string | undefined }) {
  const { t } = useTranslation();
  const [access, setAccess] = useDraft<string>(opened, current === 'PUBLIC' ? 'PUBLIC' : 'PRIVATE');
  const [text, setText] = useDraft<string>(
    opened,
    definition?.trim() ? prettyPolicy(definition) : EMPTY_BUCKET_POLICY,
  );
  const [tried, setTried] = useDraft(opened, false);
  const lintOptions = useMemo(() => ({ kind: 'bucket' as const, bucket }), [bucket]);
  const problems = useMemo(() => lintPolicy(text, lintOptions), [text, lintOptions]);
  const save = useSetBucketPolicy(bucket);
  const close = closeAfterReset(save, onClose);
  const custom = access === 'CUSTOM';
  return (
    <FormDialog
      opened={opened}
      title={t('bucketDetail.dialogs.access')}
      onClose={close}
      onSubmit={() => {
        if (!custom) {
          save.mutate({ access: access as 'PRIVATE' | 'PUBLIC' }, { onSuccess: close });
          return;
        }
        setTried(true);
        if (!hasErrors(problems)) save.mutate({ access: 'CUSTOM', definition: text }, { onSuccess: close });
      }}
      {...mutationState(save)}
      size={custom ? 'xl' : undefined}
    >
      {current === 'CUSTOM' && !custom && <Text size="sm">{t('bucketDetail.customPolicy')}</Text>}
      <Select
        label={t('bucketDetail.accessPolicy')}
        data={[
          { value: 'PRIVATE', label: 'Private' },
          { value: 'PUBLIC', label: 'Public' },
          { value: 'CUSTOM', label: t('policyStudio.customAccess') },
        ]}
        value={access}
        allowDeselect={false}
        onChange={(v) => v && setAccess(v)}
      />
      {custom && (
        <PolicyStudio
          value={text}
          onChange={setText}
          problems={problems}
          kind="bucket"
          bucket={bucket}
          label={t('policyStudio.bucketPolicy')}
          blocked={tried}
        />
      )}
    </FormDialog>
  );
}

/** Opens on the bucket's own setting (a KMS key included) and writes only what the user changed. */
function EncryptionDialog({ bucket, opened, onClose, current }: DialogProps<EncryptionChoice>) {
  const { t } = useTranslation();
  const [choice, setChoice] = useDraft(opened, current);
  const save = useSetEncryption(bucket);
  const close = closeAfterReset(save, onClose);
  const keyMissing = choice.type === 'sse-kms' && choice.kmsKeyID.trim() === '';
  return (
    <FormDialog
      opened={opened}
      title={t('bucketDetail.dialogs.encryption')}
      onClose={close}
      onSubmit={() =>
        encryptionChanged(current, choice) ? save.mutate(choice, { onSuccess: close }) : close()
      }
      {...mutationState(save)}
      canSave={!keyMissing}
    >
      <Select
        label={t('bucketDetail.encryptionType')}
        data={[
          { value: 'disabled', label: t('bucketDetail.disabled') },
          { value: 'sse-s3', label: 'SSE-S3' },
          { value: 'sse-kms', label: 'SSE-KMS' },
        ]}
        value={choice.type}
        allowDeselect={false}
        onChange={(v) => v && setChoice({ ...choice, type: v as EncryptionChoice['type'] })}
      />
      {choice.type === 'sse-kms' && (
        <TextInput
          label={t('bucketDetail.kmsKeyId')}
          description={t('bucketDetail.kmsKeyIdHelp')}
          required
          maxLength={KMS_KEY_ID_MAX_LENGTH}
          value={choice.kmsKeyID}
          onChange={(e) => setChoice({ ...choice, kmsKeyID: e.currentTarget.value })}
        />
      )}
    </FormDialog>
  );
}

function VersioningDialog({ bucket, opened, onClose, current }: DialogProps<boolean>) {
  const { t } = useTranslation();
  const [on, setOn] = useDraft(opened, current);
  const save = useSetVersioning(bucket);
  const close = closeAfterReset(save, onClose);
  return (
    <FormDialog
      opened={opened}
      title={t('bucketDetail.dialogs.versioning')}
      onClose={close}
      onSubmit={() => save.mutate(on, { onSuccess: close })}
      {...mutationState(save)}
    >
      <Switch
        label={t('bucketDetail.versioning')}
        checked={on}
        onChange={(e) => setOn(e.currentTarget.checked)}
      />
      {current && !on && (
        <Alert color={tokens.color.warning} variant="light">
          {t('bucketDetail.versioningOffWarning')}
        </Alert>
      )}
    </FormDialog>
  );
}

function QuotaDialog({ bucket, opened, onClose, current }: DialogProps<BucketQuota | undefined>) {
  const { t } = useTranslation();
  const initial: { enabled: boolean; type: 'hard' | 'fifo'; size: number | string; unit: QuotaUnit } =
    current?.quota
      ? { enabled: true, type: current.type ?? 'hard', ...exactUnit(current.quota) }
      : { enabled: false, type: 'hard', size: 1, unit: 'TiB' };
  const [draft, setDraft] = useDraft(opened, initial);
  const save = useSetQuota(bucket);
  const close = closeAfterReset(save, onClose);
  const size = Number(draft.size);
  const valid = !draft.enabled || (draft.size !== '' && Number.isInteger(size) && size >= 1);
  return (
    <FormDialog
      opened={opened}
      title={t('bucketDetail.dialogs.quota')}
      onClose={close}
      onSubmit={() =>
        save.mutate(
          draft.enabled
            ? {
                enabled: true,
                quota_type: draft.type,
                amount: size * 1024 ** QUOTA_UNITS.indexOf(draft.unit),
              }
            : { enabled: false },
          { onSuccess: close },
        )
      }
      {...mutationState(save)}
      canSave={valid}
    >
      <Switch
        label={t('buckets.quota')}
        checked={draft.enabled}
        onChange={(e) => setDraft({ ...draft, enabled: e.currentTarget.checked })}
      />
      {draft.enabled && <QuotaFields value={draft} onChange={(q) => setDraft({ ...draft, ...q })} />}
    </FormDialog>
  );
}

function RetentionDialog({ bucket, opened, onClose, current }: DialogProps<BucketRetention | undefined>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useDraft<Omit<BucketRetention, 'validity'> & { validity: number | string }>(
    opened,
    current ?? { mode: 'compliance', unit: 'days', validity: 1 },
  );
  const save = useSetRetention(bucket);
  const close = closeAfterReset(save, onClose);
  // Spec 001 §5: a number of at least 1, else Set is disabled.
  const validity = Number(draft.validity);
  const valid = draft.validity !== '' && Number.isInteger(validity) && validity >= 1;
  return (
    <FormDialog
      opened={opened}
      title={t('bucketDetail.dialogs.retention')}
      onClose={close}
      onSubmit={() => save.mutate({ ...draft, validity }, { onSuccess: close })}
      {...mutationState(save)}
      canSave={valid}
    >
      <RetentionFields value={draft} onChange={setDraft} />
    </FormDialog>
  );
}
