import { ActionIcon, Button, Group, Stack, Switch, Text, Title } from '@mantine/core';
import type { TenantSecurity, UpdateTenantSecurityRequest } from '@stowage/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { QueryState } from '../../../components/QueryState.js';
import { showSnackbar } from '../../../components/snackbar.js';
import { useTenantSecurity } from '../queries.js';
import { CertificateChips } from './CertificateChips.js';
import { CERT_EXTENSIONS, KEY_EXTENSIONS, PemFileInput } from './PemFileInput.js';
import { type TenantRef, useUpdateTenantSecurity } from './queries.js';
import { RightGate, useOperatorRight } from './RightGate.js';

interface NewPair {
  id: number;
  crt: string;
  key: string;
}
interface NewCa {
  id: number;
  crt: string;
}

let nextRowId = 0;
const newPair = (): NewPair => ({ id: nextRowId++, crt: '', key: '' });
const newCa = (): NewCa => ({ id: nextRowId++, crt: '' });

/** Spec 002 §2.4 Security: AutoCert, the custom certificates, Save. */
export function SecurityTab({ namespace, tenant }: { namespace: string; tenant: string }) {
  const ref = { namespace, tenant };
  const security = useTenantSecurity(ref);
  return (
    <QueryState query={security}>
      {/* A new answer (after Save) starts the form again from what the tenant now has. */}
      {(data) => <SecurityForm key={security.dataUpdatedAt} tenant={ref} security={data} />}
    </QueryState>
  );
}

/** Spec 002 §4: what Save sends, from the form's state. */
export function securityRequest(
  security: TenantSecurity,
  form: { autoCert: boolean; custom: boolean; queued: readonly string[]; pairs: NewPair[]; cas: NewCa[] },
): UpdateTenantSecurityRequest {
  const existing = [...security.customCertificates.minio, ...security.customCertificates.minioCAs];
  // Switching custom certificates off queues every existing custom certificate secret.
  const secretsToBeDeleted = form.custom ? [...form.queued] : existing.map((c) => c.name);
  const minio = form.custom
    ? form.pairs.filter((p) => p.crt && p.key).map(({ crt, key }) => ({ crt, key }))
    : [];
  const minioCAs = form.custom ? form.cas.filter((c) => c.crt).map((c) => c.crt) : [];
  return { autoCert: form.autoCert, customCertificates: { secretsToBeDeleted, minio, minioCAs } };
}

function SecurityForm({ tenant, security }: { tenant: TenantRef; security: TenantSecurity }) {
  const { t } = useTranslation();
  const mutation = useUpdateTenantSecurity(tenant);
  const canUpdate = useOperatorRight(tenant.namespace, 'updateTenant');
  const { minio, minioCAs } = security.customCertificates;
  const [autoCert, setAutoCert] = useState(security.autoCert);
  const [custom, setCustom] = useState(minio.length + minioCAs.length > 0);
  const [queued, setQueued] = useState<string[]>([]);
  const [pairs, setPairs] = useState<NewPair[]>(() => [newPair()]);
  const [cas, setCas] = useState<NewCa[]>(() => [newCa()]);
  const form = { autoCert, custom, queued, pairs, cas };
  const request = securityRequest(security, form);
  const changes = request.customCertificates;
  const dirty =
    autoCert !== security.autoCert ||
    (changes.secretsToBeDeleted?.length ?? 0) > 0 ||
    (changes.minio?.length ?? 0) > 0 ||
    (changes.minioCAs?.length ?? 0) > 0;
  const disabled = !canUpdate || mutation.isPending;
  const queue = (name: string) => setQueued((names) => [...names, name]);
  const kept = <T extends { name: string }>(certs: readonly T[]) =>
    certs.filter((c) => !queued.includes(c.name));

  const updatePair = (id: number, patch: Partial<NewPair>) =>
    setPairs((rows) => rows.map((row) => (row.id === id ? { ...row, ...patch } : row)));
  const updateCa = (id: number, crt: string) =>
    setCas((rows) => rows.map((row) => (row.id === id ? { ...row, crt } : row)));

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!dirty || disabled) return;
        mutation.mutate(request, { onSuccess: () => showSnackbar(t('tenantTabs.security.saved')) });
      }}
    >
      <Stack>
        <Title order={2}>{t('tenantTabs.security.title')}</Title>
        <ErrorBanner error={mutation.error} onClose={() => mutation.reset()} />
        {!canUpdate && <Text c="dimmed">{t('tenantTabs.readOnly')}</Text>}
        <Switch
          label={t('tenantTabs.security.autoCert')}
          description={t('tenantTabs.security.autoCertHint')}
          checked={autoCert}
          disabled={disabled}
          onChange={(event) => setAutoCert(event.currentTarget.checked)}
        />
        <Switch
          label={t('tenantTabs.security.customCerts')}
          checked={custom}
          disabled={disabled}
          onChange={(event) => setCustom(event.currentTarget.checked)}
        />
        {custom && (
          <>
            <Title order={3}>{t('tenantTabs.security.minioCerts')}</Title>
            <CertificateChips certificates={kept(minio)} onRemove={queue} disabled={disabled} />
            {pairs.map((pair) => (
              <Group key={pair.id} align="flex-end">
                <PemFileInput
                  label={t('tenantTabs.security.certFile')}
                  accept={CERT_EXTENSIONS}
                  disabled={disabled}
                  onEncoded={(crt) => updatePair(pair.id, { crt })}
                />
                <PemFileInput
                  label={t('tenantTabs.security.keyFile')}
                  accept={KEY_EXTENSIONS}
                  disabled={disabled}
                  onEncoded={(key) => updatePair(pair.id, { key })}
                />
                <RemoveRow
                  // Spec 002 §4: the list keeps at least one row.
                  disabled={disabled || pairs.length < 2}
                  onClick={() => setPairs((rows) => rows.filter((row) => row.id !== pair.id))}
                />
              </Group>
            ))}
            <AddMore disabled={disabled} onClick={() => setPairs((rows) => [...rows, newPair()])} />
            <Title order={3}>{t('tenantTabs.security.caCerts')}</Title>
            <CertificateChips certificates={kept(minioCAs)} onRemove={queue} disabled={disabled} />
            {cas.map((ca) => (
              <Group key={ca.id} align="flex-end">
                <PemFileInput
                  label={t('tenantTabs.security.caFile')}
                  accept={CERT_EXTENSIONS}
                  disabled={disabled}
                  onEncoded={(crt) => updateCa(ca.id, crt)}
                />
                <RemoveRow
                  disabled={disabled || cas.length < 2}
                  onClick={() => setCas((rows) => rows.filter((row) => row.id !== ca.id))}
                />
              </Group>
            ))}
            <AddMore disabled={disabled} onClick={() => setCas((rows) => [...rows, newCa()])} />
          </>
        )}
        {(changes.secretsToBeDeleted?.length ?? 0) > 0 && (
          <Text size="sm" c="dimmed">
            {t('tenantTabs.security.queued', { names: (changes.secretsToBeDeleted ?? []).join(', ') })}
          </Text>
        )}
        <Group justify="flex-end">
          <RightGate namespace={tenant.namespace} right="updateTenant">
            <Button type="submit" disabled={!dirty} loading={mutation.isPending}>
              {t('tenantTabs.security.save')}
            </Button>
          </RightGate>
        </Group>
      </Stack>
    </form>
  );
}

function RemoveRow({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      variant="subtle"
      disabled={disabled}
      onClick={onClick}
      aria-label={t('tenantTabs.security.removeRow')}
      mb={4}
    >
      <IconTrash size="1.1rem" aria-hidden />
    </ActionIcon>
  );
}

function AddMore({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button
        variant="subtle"
        leftSection={<IconPlus size="1rem" aria-hidden />}
        disabled={disabled}
        onClick={onClick}
      >
        {t('tenantTabs.security.addMore')}
      </Button>
    </Group>
  );
}
