import { Checkbox, Fieldset, Select, TextInput } from '@mantine/core';
import { LIFECYCLE_DAYS, LIFECYCLE_NEWER_VERSIONS } from '@stowage/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../utils/format.js';
import { type DraftField, draftProblems, type LifecycleDraft } from './lifecycleRules.js';

interface DraftProps {
  draft: LifecycleDraft;
  set: (part: Partial<LifecycleDraft>) => void;
}

/** A whole-number field of a rule draft, with the contract's bounds in its error. */
export function DraftCountInput({
  draft,
  set,
  field,
  label,
  disabled = false,
}: DraftProps & { field: DraftField; label: string; disabled?: boolean }) {
  const { t } = useTranslation();
  const problem = () => {
    switch (draftProblems(draft)[field]) {
      case undefined:
        return undefined;
      case 'lifecycle.problems.abortWithTags':
        return t('lifecycle.problems.abortWithTags');
      case 'lifecycle.problems.versions':
        return t('lifecycle.problems.versions', {
          min: formatNumber(LIFECYCLE_NEWER_VERSIONS.minimum),
          max: formatNumber(LIFECYCLE_NEWER_VERSIONS.maximum),
        });
      default:
        return t('lifecycle.problems.days', {
          min: formatNumber(LIFECYCLE_DAYS.minimum),
          max: formatNumber(LIFECYCLE_DAYS.maximum),
        });
    }
  };
  return (
    <TextInput
      label={label}
      inputMode="numeric"
      value={draft[field]}
      onChange={(e) => set({ [field]: e.currentTarget.value })}
      error={problem()}
      disabled={disabled}
    />
  );
}

/**
 * Beyond spec 001, in the Add and Edit modals: expired delete markers, what happens to
 * noncurrent versions, and aborting unfinished multipart uploads.
 */
export function LifecycleActionFields({ draft, set, tiers }: DraftProps & { tiers: string[] }) {
  const { t } = useTranslation();
  const expiry = draft.type === 'expiry';
  return (
    <>
      {expiry && (
        <Checkbox
          label={t('lifecycle.deleteMarker')}
          description={t('lifecycle.deleteMarkerHint')}
          checked={draft.deleteMarker}
          onChange={(e) => set({ deleteMarker: e.currentTarget.checked })}
        />
      )}
      <Fieldset legend={t('lifecycle.noncurrent')} variant="unstyled">
        <DraftCountInput
          draft={draft}
          set={set}
          field="noncurrentDays"
          label={t('lifecycle.noncurrentDays')}
        />
        {expiry ? (
          <DraftCountInput
            draft={draft}
            set={set}
            field="newerVersions"
            label={t('lifecycle.newerVersions')}
          />
        ) : (
          <Select
            label={t('lifecycle.noncurrentStorageClass')}
            description={t('lifecycle.noncurrentStorageClassHint')}
            data={tiers}
            value={draft.noncurrentStorageClass}
            onChange={(noncurrentStorageClass) => set({ noncurrentStorageClass })}
            clearable
          />
        )}
      </Fieldset>
      {expiry && (
        <DraftCountInput draft={draft} set={set} field="abortDays" label={t('lifecycle.abortDays')} />
      )}
    </>
  );
}
