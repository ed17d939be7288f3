import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CERT_ACCEPT, KEY_ACCEPT, PemInput } from './PemInput.js';
import { AddRowButton, RemoveRowButton } from './RowControls.js';
import { type CertPair, emptyPair, removeRow } from './wizardState.js';

/** A list of certificate (and key) uploads with add more and remove; at least one row stays. */
export function CertPairRows({
  title,
  pairs,
  onChange,
  withKey,
}: {
  title: string;
  pairs: readonly CertPair[];
  onChange: (pairs: CertPair[]) => void;
  /** CA lists take a certificate only (spec §5). */
  withKey: boolean;
}) {
  const { t } = useTranslation();
  const update = (id: string, patch: Partial<CertPair>) =>
    onChange(pairs.map((p) => (p.id === id ? { ...p, ...patch } : p)));
  return (
    <Stack gap="xs">
      <Text fw={600}>{title}</Text>
      {pairs.map((pair, index) => {
        const n = String(index + 1);
        return (
          <Group key={pair.id} align="flex-end" wrap="nowrap">
            <div style={{ flex: 1 }}>
              <PemInput
                label={`${title} ${n}: ${t('tenantWizard.security.cert')}`}
                accept={CERT_ACCEPT}
                value={pair.cert}
                onChange={(cert) => update(pair.id, { cert })}
              />
            </div>
            {withKey && (
              <div style={{ flex: 1 }}>
                <PemInput
                  label={`${title} ${n}: ${t('tenantWizard.security.key')}`}
                  accept={KEY_ACCEPT}
                  value={pair.key}
                  onChange={(key) => update(pair.id, { key })}
                />
              </div>
            )}
            <RemoveRowButton
              label={`${title}: ${t('tenantWizard.security.remove', { n })}`}
              onlyRow={pairs.length < 2}
              onClick={() => onChange(removeRow(pairs, pair.id))}
            />
          </Group>
        );
      })}
      <AddRowButton
        label={t('tenantWizard.security.addMore')}
        onClick={() => onChange([...pairs, emptyPair()])}
      />
    </Stack>
  );
}
