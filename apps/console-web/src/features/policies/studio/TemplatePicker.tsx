import { Button, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BucketSelect } from './BucketSelect.js';
import type { PolicyKind } from './lintPolicy.js';
import { POLICY_TEMPLATES, type PolicyTemplate, templateDocument } from './templates.js';

/**
 * Replaces the document with a template for a bucket: a user or group policy picks the bucket
 * from the list; a bucket policy is for its own bucket.
 */
export function TemplatePicker({
  kind,
  bucket: ownBucket,
  onApply,
}: {
  kind: PolicyKind;
  bucket?: string;
  onApply: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [template, setTemplate] = useState<PolicyTemplate | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  const bucket = ownBucket ?? picked;
  return (
    <Group align="flex-end" gap="xs">
      <Select
        size="xs"
        label={t('policyStudio.templatesTitle')}
        placeholder={t('policyStudio.template')}
        data={POLICY_TEMPLATES.map((value) => ({ value, label: t(`policyStudio.templates.${value}`) }))}
        value={template}
        onChange={(value) => setTemplate(value as PolicyTemplate | null)}
        w="18rem"
      />
      {ownBucket === undefined && (
        <BucketSelect label={t('policyStudio.templateBucket')} value={picked} onChange={setPicked} />
      )}
      <Button
        size="xs"
        variant="default"
        disabled={!template || !bucket}
        onClick={() => template && bucket && onApply(templateDocument(template, bucket, kind))}
      >
        {t('policyStudio.applyTemplate')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('policyStudio.templateReplaces')}
      </Text>
    </Group>
  );
}
