import { ActionIcon, Anchor, Breadcrumbs, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ProxiedFrame, proxiedUrl } from './ProxiedFrame.js';
import { tenantPath } from './tenantPath.js';

/**
 * Spec 002 §2.4 "Management page" (/hop): the tenant's own console in a frame, with refresh and
 * back. The layout hides the sidebar on paths ending in /hop.
 */
export function TenantHopPage() {
  const { t } = useTranslation();
  const { tenantNamespace: namespace = '', tenantName: tenant = '' } = useParams();
  // Refresh reloads the frame from its first page; the counter makes each source new.
  const [reloads, setReloads] = useState(0);
  const detail = tenantPath({ namespace, name: tenant });
  const src = `${proxiedUrl(namespace, tenant, '')}?cp=y${reloads ? `&reload=${reloads}` : ''}`;
  return (
    <>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Tooltip label={t('tenantDetail.hop.back', { tenant })}>
            <ActionIcon
              variant="subtle"
              component={Link}
              to={detail}
              aria-label={t('tenantDetail.hop.back', { tenant })}
            >
              <IconArrowLeft size="1.2rem" aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Breadcrumbs component="nav" aria-label={t('tenantDetail.breadcrumb')}>
            <Anchor component={Link} to="/tenants">
              {t('pages.tenants')}
            </Anchor>
            <Anchor component={Link} to={detail}>
              {tenant}
            </Anchor>
            <span aria-current="page">{t('tenantDetail.hop.title')}</span>
          </Breadcrumbs>
        </Group>
        <Tooltip label={t('tenantDetail.hop.refresh')}>
          <ActionIcon
            variant="subtle"
            onClick={() => setReloads((n) => n + 1)}
            aria-label={t('tenantDetail.hop.refresh')}
          >
            <IconRefresh size="1.2rem" aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <VisuallyHidden component="h1">{t('tenantDetail.hop.title')}</VisuallyHidden>
      <ProxiedFrame
        src={src}
        title={t('tenantDetail.hop.frame', { tenant })}
        loadingLabel={t('tenantDetail.hop.loading')}
        height="calc(100vh - 6rem)"
      />
    </>
  );
}
