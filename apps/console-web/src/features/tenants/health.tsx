import { Tooltip } from '@mantine/core';
import { IconCircleFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../theme/tokens.js';

export type TenantHealth = 'green' | 'yellow' | 'red' | 'grey';

/** Spec 002 §4: red, yellow or green; anything else (not measured yet) is grey. */
export function tenantHealth(status: string): TenantHealth {
  return status === 'green' || status === 'yellow' || status === 'red' ? status : 'grey';
}

const HEALTH_COLOUR: Record<TenantHealth, string> = {
  green: tokens.color.success,
  yellow: tokens.color.warning,
  red: tokens.color.danger,
  grey: tokens.color['text-muted'],
};

/** The health-coloured dot before a tenant's name; its colour is also named for screen readers. */
export function TenantHealthIcon({ status }: { status: string }) {
  const { t } = useTranslation();
  const health = tenantHealth(status);
  const label = t(`tenants.health.${health}`);
  return (
    <Tooltip label={label}>
      <IconCircleFilled
        size="0.8rem"
        color={HEALTH_COLOUR[health]}
        role="img"
        aria-label={label}
        data-health={health}
      />
    </Tooltip>
  );
}
