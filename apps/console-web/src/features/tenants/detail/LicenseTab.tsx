import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { OperatorCan } from '../../../components/OperatorCan.js';
import { QueryState } from '../../../components/QueryState.js';
import { showSnackbar } from '../../../components/snackbar.js';
import { tokens } from '../../../theme/tokens.js';
import { CommercialLicense } from '../../license/LicensePage.js';
import { useActivateTenantLicense, useTenantQuery } from '../queries.js';
import type { TenantTabProps } from './tabs.js';

/**
 * Spec 002 §2.4 "License": the licence activated in the tenant, and Activate, which writes the
 * console's own licence into it (the tenant's details reload after it, §4).
 */
export function LicenseTab({ namespace, tenant }: TenantTabProps) {
  const { t } = useTranslation();
  const detail = useTenantQuery({ namespace, tenant });
  const activate = useActivateTenantLicense({ namespace, tenant });
  return (
    <QueryState query={detail}>
      {(data) => (
        <Stack align="flex-start">
          {data.subnet_license ? (
            <CommercialLicense license={data.subnet_license} />
          ) : (
            <Text c={tokens.color['text-muted']}>{t('tenantDetail.license.none')}</Text>
          )}
          <ErrorBanner error={activate.error} onClose={() => activate.reset()} />
          <Text size="sm">{t('tenantDetail.license.activateHint')}</Text>
          <OperatorCan right="updateTenant" namespace={namespace}>
            <Button
              loading={activate.isPending}
              onClick={() =>
                activate.mutate(undefined, {
                  onSuccess: () => showSnackbar(t('tenantDetail.license.activated')),
                })
              }
            >
              {t('tenantDetail.license.activate')}
            </Button>
          </OperatorCan>
        </Stack>
      )}
    </QueryState>
  );
}
