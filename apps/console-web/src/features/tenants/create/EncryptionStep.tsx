import { Alert, PasswordInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../theme/tokens.js';
import { KMS_FIELDS, kmsKey } from './kmsFields.js';
import { CERT_ACCEPT, KEY_ACCEPT, PemInput } from './PemInput.js';
import { type StepProps, useProblemText } from './stepProps.js';
import { encryptionAllowed, kesCertsForced } from './stepRules.js';
import { KMS_TYPES, type KmsType, type WizardForm } from './wizardState.js';

type PairField = 'serverCert' | 'clientCert' | 'vaultCert';

/** Spec §2.5 Encryption: KES with one of five key management services. */
export function EncryptionStep(props: StepProps) {
  const { t } = useTranslation();
  const { form, set } = props;
  const allowed = encryptionAllowed(form);
  const forced = kesCertsForced(form);
  const customCerts = forced || form.enableCustomCertsForKES;
  const problem = useProblemText(props);
  const pemProblem = (field: string) => {
    const key = props.showAll ? props.problems[field] : undefined;
    return key ? t(`tenantWizard.problems.${key}`) : undefined;
  };
  const pair = (field: PairField, required: boolean) => (
    <SimpleGrid cols={2} key={field}>
      <PemInput
        label={`${t(`tenantWizard.encryption.${field}`)}: ${t('tenantWizard.security.key')}`}
        accept={KEY_ACCEPT}
        value={form[field].key}
        onChange={(key) => set({ [field]: { ...form[field], key } } as Partial<WizardForm>)}
        error={required ? pemProblem(`${field}.key`) : undefined}
      />
      <PemInput
        label={`${t(`tenantWizard.encryption.${field}`)}: ${t('tenantWizard.security.cert')}`}
        accept={CERT_ACCEPT}
        value={form[field].cert}
        onChange={(cert) => set({ [field]: { ...form[field], cert } } as Partial<WizardForm>)}
        error={required ? pemProblem(`${field}.cert`) : undefined}
      />
    </SimpleGrid>
  );

  return (
    <Stack gap="md">
      <Switch
        label={t('tenantWizard.encryption.enable')}
        checked={form.enableEncryption && allowed}
        disabled={!allowed}
        onChange={(e) => set({ enableEncryption: e.currentTarget.checked })}
        description={allowed ? undefined : t('tenantWizard.encryption.notAllowed')}
      />
      {form.enableEncryption && allowed && (
        <>
          <Select
            label={t('tenantWizard.encryption.type')}
            data={KMS_TYPES.map((type) => ({
              value: type,
              label: t(`tenantWizard.encryption.types.${type}`),
            }))}
            value={form.encryptionType}
            onChange={(value) => set({ encryptionType: (value ?? 'vault') as KmsType })}
            allowDeselect={false}
          />
          <Switch
            label={t('tenantWizard.encryption.customCerts')}
            checked={customCerts}
            disabled={forced}
            onChange={(e) => set({ enableCustomCertsForKES: e.currentTarget.checked })}
          />
          {customCerts && [pair('serverCert', true), pair('clientCert', true)]}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {KMS_FIELDS[form.encryptionType].map((field) => {
              const key = kmsKey(form.encryptionType, field.name);
              const value = form.kms[key] ?? '';
              const Input = field.multiline ? Textarea : field.secret ? PasswordInput : TextInput;
              return (
                <Input
                  key={key}
                  label={t(
                    `tenantWizard.encryption.fields.${form.encryptionType}.${field.name}` as 'tenantWizard.encryption.fields.vault.endpoint',
                  )}
                  required={field.required}
                  type={field.count ? 'number' : undefined}
                  min={field.count ? 0 : undefined}
                  value={value}
                  onChange={(e: { currentTarget: { value: string } }) =>
                    set({ kms: { ...form.kms, [key]: e.currentTarget.value } })
                  }
                  error={problem(key, value)}
                />
              );
            })}
          </SimpleGrid>
          {form.encryptionType === 'vault' && (
            <>
              {pair('vaultCert', false)}
              <PemInput
                label={t('tenantWizard.encryption.vaultCA')}
                accept={CERT_ACCEPT}
                value={form.vaultCA}
                onChange={(vaultCA) => set({ vaultCA })}
              />
            </>
          )}
          {form.encryptionType === 'gemalto' && (
            <PemInput
              label={t('tenantWizard.encryption.gemaltoCA')}
              accept={CERT_ACCEPT}
              value={form.gemaltoCA}
              onChange={(gemaltoCA) => set({ gemaltoCA })}
            />
          )}
        </>
      )}
      {!allowed && form.enableEncryption && (
        <Alert color={tokens.intent.warning} variant="light">
          {t('tenantWizard.encryption.notAllowed')}
        </Alert>
      )}
    </Stack>
  );
}
