import { Button, Card, Checkbox, Group, SimpleGrid, Text, Title } from '@mantine/core';
import type { Bucket } from '@stowage/contract';
import { IconBucket } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Can } from '../../components/Can.js';
import { tokens } from '../../theme/tokens.js';
import { formatBytes, formatDateTime, formatNumber } from '../../utils/format.js';
import { accessLevel, bucketAdminPath, bucketBrowsePath } from './bucketView.js';

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <Text component="dt" size="xs" fw={600} c={tokens.color['text-muted']}>
        {term}
      </Text>
      <Text component="dd" m={0} size="sm">
        {value}
      </Text>
    </div>
  );
}

interface BucketCardProps {
  bucket: Bucket;
  /** Bulk Select on: a checkbox on the card. */
  selection?: { selected: boolean; onToggle: () => void } | undefined;
}

/** One bucket: an article named by its heading, so tests find it by role and bucket name. */
export function BucketCard({ bucket, selection }: BucketCardProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      withBorder
      padding="lg"
      bg={tokens.color['bg-surface']}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Group gap="sm" wrap="nowrap" miw={0}>
          {selection && (
            <Checkbox
              aria-label={t('buckets.select', { bucket: bucket.name })}
              checked={selection.selected}
              onChange={selection.onToggle}
            />
          )}
          <IconBucket aria-hidden color={tokens.color.accent} />
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {bucket.name}
          </Title>
        </Group>
        <Can page="/buckets/*">
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to={bucketBrowsePath(bucket.name)} variant="light" size="xs">
              {t('buckets.browse')}
            </Button>
            <Button component={Link} to={bucketAdminPath(bucket.name)} variant="default" size="xs">
              {t('buckets.manage')}
            </Button>
          </Group>
        </Can>
      </Group>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} mt="md" mb={0} spacing="md">
        <Fact term={t('buckets.created')} value={formatDateTime(bucket.creation_date, i18n.language)} />
        <Fact term={t('buckets.access')} value={t(`buckets.accessLevel.${accessLevel(bucket.rw_access)}`)} />
        <Fact term={t('buckets.usage')} value={formatBytes(bucket.size)} />
        <Fact term={t('buckets.objects')} value={formatNumber(bucket.objects)} />
      </SimpleGrid>
    </Card>
  );
}
