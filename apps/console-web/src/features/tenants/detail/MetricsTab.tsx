import { useTranslation } from 'react-i18next';
import { ProxiedFrame, proxiedUrl } from '../ProxiedFrame.js';
import type { TenantTabProps } from './tabs.js';

/** Spec 002 §2.4 "Metrics": the tenant's metrics page through the hop proxy. */
export function MetricsTab({ namespace, tenant }: TenantTabProps) {
  const { t } = useTranslation();
  return (
    <ProxiedFrame
      src={proxiedUrl(namespace, tenant, 'metrics')}
      title={t('tenantDetail.metrics.frame', { tenant })}
      loadingLabel={t('tenantDetail.metrics.loading')}
      height="70vh"
    />
  );
}
