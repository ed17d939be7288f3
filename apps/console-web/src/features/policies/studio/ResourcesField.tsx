import { Button, Group, Stack, TagsInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BucketSelect } from './BucketSelect.js';
import { ExceptCheckbox } from './ExceptCheckbox.js';
import type { Negatable } from './policyModel.js';

const arn = (bucket: string, rest = '') => `arn:aws:s3:::${bucket}${rest}`;

/**
 * A statement's resources as ARNs, typed or built from a bucket of the list and an optional
 * prefix: "Add the bucket" gives `arn:aws:s3:::bucket`, "Add its objects" `…bucket/prefix*`.
 */
export function ResourcesField({
  value,
  onChange,
}: {
  value: Negatable | undefined;
  onChange: (next: Negatable) => void;
}) {
  const { t } = useTranslation();
  const [bucket, setBucket] = useState<string | null>(null);
  const [prefix, setPrefix] = useState('');
  const current = value ?? { not: false, list: { values: [], single: false } };
  const add = (resource: string) => {
    if (current.list.values.includes(resource)) return;
    onChange({ ...current, list: { ...current.list, values: [...current.list.values, resource] } });
  };
  return (
    <Stack gap={4}>
      <TagsInput
        label={t('policyStudio.resources')}
        placeholder={t('policyStudio.resourcesPlaceholder')}
        value={current.list.values}
        onChange={(values) => onChange({ ...current, list: { ...current.list, values } })}
        acceptValueOnBlur
        clearable
      />
      <Group align="flex-end" gap="xs">
        <BucketSelect label={t('policyStudio.arnBucket')} value={bucket} onChange={setBucket} />
        <TextInput
          size="xs"
          label={t('policyStudio.arnPrefix')}
          value={prefix}
          onChange={(e) => setPrefix(e.currentTarget.value)}
          w="12rem"
        />
        <Button size="xs" variant="default" disabled={!bucket} onClick={() => bucket && add(arn(bucket))}>
          {t('policyStudio.addBucketArn')}
        </Button>
        <Button
          size="xs"
          variant="default"
          disabled={!bucket}
          onClick={() => bucket && add(arn(bucket, `/${prefix.replace(/^\/+/, '')}*`))}
        >
          {t('policyStudio.addObjectsArn')}
        </Button>
      </Group>
      <ExceptCheckbox
        label={t('policyStudio.resourcesExcept')}
        checked={current.not}
        onChange={(not) => onChange({ ...current, not })}
      />
    </Stack>
  );
}
