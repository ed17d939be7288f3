import {
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { TenantDetail } from '@stowage/contract';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { Loading } from '../../../components/Loading.js';
import { OperatorCan } from '../../../components/OperatorCan.js';
import { QueryState } from '../../../components/QueryState.js';
import { tokens } from '../../../theme/tokens.js';
import { formatBytes } from '../../../utils/format.js';
import { useTenantQuery, useTenantUsage } from '../queries.js';
import { tenantPath } from '../tenantPath.js';
import type { TenantTabProps } from './tabs.js';
import { UpdateImageDialog } from './UpdateImageDialog.js';

/** Spec 002 §2.4 "Summary": details, the usage bar, health, Manage Tenant and the features. */
export function SummaryTab({ namespace, tenant }: TenantTabProps) {
  const detail = useTenantQuery({ namespace, tenant });
  return <QueryState query={detail}>{(data) => <Summary detail={data} />}</QueryState>;
}

function Summary({ detail }: { detail: TenantDetail }) {
  const { t } = useTranslation();
  const [updatingImage, setUpdatingImage] = useState(false);
  const { namespace, name } = detail;
  const features = [
    ['logs', detail.logEnabled],
    ['minioTls', detail.minioTLS],
    ['adLdap', detail.idpAdEnabled],
    ['monitoring', detail.monitoringEnabled],
    ['encryption', detail.encryptionEnabled],
    ['openId', detail.idpOidcEnabled],
  ] as const;
  return (
    <Stack>
      <Section title={t('tenantDetail.summary.details')}>
        <SimpleGrid cols={{ base: 1, md: 2 }} component="dl" spacing="xs">
          <Field label={t('tenantDetail.summary.capacity')}>{formatBytes(detail.total_size)}</Field>
          <Field label={t('tenantDetail.summary.instances')}>{detail.total_instances}</Field>
          <Field label={t('tenantDetail.summary.endpoint')}>
            <ExternalAddress href={detail.endpoints.minio} />
          </Field>
          <Field label={t('tenantDetail.summary.clusters')}>{detail.pools.length}</Field>
          <Field label={t('tenantDetail.summary.volumes')}>{detail.total_volumes}</Field>
          <Field label={t('tenantDetail.summary.console')}>
            <ExternalAddress href={detail.endpoints.console} />
          </Field>
          <Field label={t('tenantDetail.summary.image')}>
            <OperatorCan right="updateTenant" namespace={namespace}>
              <Button
                variant="subtle"
                size="compact-sm"
                aria-haspopup="dialog"
                rightSection={<IconPencil size="0.9rem" aria-hidden />}
                onClick={() => setUpdatingImage(true)}
              >
                {detail.image}
                {/* Named by its visible text first, then what it does. */}
                <VisuallyHidden>, {t('tenantDetail.summary.imageAction')}</VisuallyHidden>
              </Button>
            </OperatorCan>
          </Field>
          <Field label={t('tenantDetail.summary.state')}>{detail.currentState}</Field>
        </SimpleGrid>
      </Section>
      <UsageBar namespace={namespace} tenant={name} total={detail.total_size} />
      <Section title={t('tenantDetail.summary.health')}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} component="dl" spacing="xs">
          <Field label={t('tenantDetail.summary.drivesOnline')}>{detail.status.drives_online ?? 0}</Field>
          <Field label={t('tenantDetail.summary.drivesOffline')}>{detail.status.drives_offline ?? 0}</Field>
          <Field label={t('tenantDetail.summary.writeQuorum')}>{detail.status.write_quorum ?? 0}</Field>
        </SimpleGrid>
        <Group mt="md">
          <Button component={Link} to={tenantPath({ namespace, name }, 'hop')}>
            {t('tenantDetail.summary.manage')}
          </Button>
        </Group>
      </Section>
      <Section title={t('tenantDetail.summary.features')}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="dl" spacing="xs">
          {features.map(([key, on]) => (
            <Field key={key} label={t(`tenantDetail.summary.feature.${key}`)}>
              <Text component="span" c={on ? tokens.color.success : tokens.color['text-muted']} fw={600}>
                {on ? t('tenantDetail.summary.enabled') : t('tenantDetail.summary.disabled')}
              </Text>
            </Field>
          ))}
        </SimpleGrid>
      </Section>
      <UpdateImageDialog
        namespace={namespace}
        tenant={name}
        currentImage={detail.image}
        opened={updatingImage}
        onClose={() => setUpdatingImage(false)}
      />
    </Stack>
  );
}

/** Spec 002 §2.4, §8: Used against the tenant's capacity; a failed usage call shows its message instead. */
function UsageBar({ namespace, tenant, total }: { namespace: string; tenant: string; total: number }) {
  const { t } = useTranslation();
  const usage = useTenantUsage({ namespace, tenant });
  const used = usage.data?.disk_used ?? 0;
  const percent = total > 0 ? Math.min(100, (used / total) * 100) : 0;
  const label = t('tenantDetail.summary.used', { used: formatBytes(used), total: formatBytes(total) });
  return (
    <Section title={t('tenantDetail.summary.usage')}>
      {usage.isPending ? (
        <Loading />
      ) : usage.isError ? (
        <ErrorBanner error={usage.error} />
      ) : (
        <Stack gap={4}>
          <Progress value={percent} size="lg" aria-label={label} color={tokens.color.accent} />
          <Text size="sm">{label}</Text>
        </Stack>
      )}
    </Section>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" bg={tokens.color['bg-surface']} component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c={tokens.color['text-muted']}>
        {label}
      </Text>
      <Text component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** An endpoint opened in a new tab; '-' while the tenant has none. */
function ExternalAddress({ href }: { href: string }) {
  const { t } = useTranslation();
  if (!href) return t('tenantDetail.summary.noEndpoint');
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      <Group gap={4} component="span" display="inline-flex">
        {href}
        <IconExternalLink size="0.9rem" aria-hidden />
      </Group>
    </Anchor>
  );
}
