import { Badge, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import type { CertificateInfo } from '@stowage/contract';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../theme/tokens.js';
import { formatDateTime } from '../../../utils/format.js';

/** A certificate that expires within this many days is flagged as soon to expire. */
export const EXPIRY_WARNING_DAYS = 30;

export type ExpiryState = 'valid' | 'soon' | 'expired' | 'unknown';

export function expiryState(expiry: string, now = Date.now()): ExpiryState {
  const at = Date.parse(expiry);
  if (!expiry || Number.isNaN(at)) return 'unknown';
  if (at <= now) return 'expired';
  return at - now <= EXPIRY_WARNING_DAYS * 86_400_000 ? 'soon' : 'valid';
}

const EXPIRY_COLOUR: Record<ExpiryState, string> = {
  valid: tokens.color['text-muted'],
  soon: tokens.color.warning,
  expired: tokens.color.danger,
  unknown: tokens.color['text-muted'],
};

/** The tenant's existing certificates of one kind, each removable (queued until Save). */
export function CertificateChips({
  certificates,
  onRemove,
  disabled,
}: {
  certificates: readonly CertificateInfo[];
  onRemove: (name: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  if (certificates.length === 0) return <Text c="dimmed">{t('tenantTabs.security.noCerts')}</Text>;
  return (
    <Group align="stretch">
      {certificates.map((cert) => {
        const state = expiryState(cert.expiry);
        const date = cert.expiry ? formatDateTime(cert.expiry) : '';
        const expiry =
          state === 'unknown'
            ? t('tenantTabs.security.unreadable')
            : t(`tenantTabs.security.${state === 'valid' ? 'expires' : state}`, { date });
        return (
          <Paper key={cert.name} withBorder p="xs" data-expiry={state} aria-label={cert.name} role="group">
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Badge variant="light" tt="none">
                  {cert.name}
                </Badge>
                {cert.domains.length > 0 && (
                  <Text size="xs">
                    {t('tenantTabs.security.domains', { domains: cert.domains.join(', ') })}
                  </Text>
                )}
                <Text
                  size="xs"
                  fw={state === 'valid' ? undefined : 700}
                  style={{ color: EXPIRY_COLOUR[state] }}
                >
                  {expiry}
                </Text>
              </Stack>
              <CloseButton
                size="sm"
                disabled={disabled}
                aria-label={t('tenantTabs.security.remove', { name: cert.name })}
                onClick={() => onRemove(cert.name)}
              />
            </Group>
          </Paper>
        );
      })}
    </Group>
  );
}
