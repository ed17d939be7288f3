import {
  Alert,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../theme/tokens.js';
import { AddRowButton, RemoveRowButton } from './RowControls.js';
import { type StepProps, useProblemText } from './stepProps.js';
import {
  type IdpChoice,
  type KeyRow,
  randomId,
  randomKeyRow,
  removeRow,
  type WizardForm,
} from './wizardState.js';

const CHOICES: readonly [IdpChoice, string][] = [
  ['Built-in', 'builtIn'],
  ['OpenID', 'openId'],
  ['AD', 'ad'],
];
const OPENID_FIELDS = [
  ['openIDConfigurationURL', true],
  ['openIDClientID', true],
  ['openIDSecretID', true],
  ['openIDCallbackURL', false],
  ['openIDClaimName', true],
  ['openIDScopes', false],
] as const;
const AD_TEXT_FIELDS = [
  'ADUserNameFormat',
  'ADUserNameSearchFilter',
  'ADGroupSearchBaseDN',
  'ADGroupSearchFilter',
  'ADGroupNameAttribute',
  'ADLookupBindDN',
  'ADUserDNSearchBaseDN',
  'ADUserDNSearchFilter',
] as const;
const AD_SWITCHES = ['ADSkipTLS', 'ADServerInsecure', 'ADServerStartTLS'] as const;
const SECRET_TEXT: ReadonlySet<keyof WizardForm> = new Set(['openIDSecretID']);

/** Spec §2.5 Identity Provider: built-in keys, OpenID or Active Directory. */
export function IdentityStep(props: StepProps) {
  const { t } = useTranslation();
  const { form, set } = props;
  const problem = useProblemText(props);
  const setKey = (id: string, patch: Partial<KeyRow>) =>
    set({ keys: form.keys.map((r) => (r.id === id ? { ...r, ...patch } : r)) });
  const text = (field: keyof WizardForm, required: boolean) => {
    const Input = SECRET_TEXT.has(field) ? PasswordInput : TextInput;
    const value = String(form[field]);
    return (
      <Input
        key={field}
        label={t(`tenantWizard.identity.${field}` as 'tenantWizard.identity.ADURL')}
        required={required}
        value={value}
        onChange={(e) => set({ [field]: e.currentTarget.value })}
        error={problem(field, value)}
      />
    );
  };

  return (
    <Stack gap="md">
      <Radio.Group
        label={t('tenantWizard.identity.type')}
        value={form.idpSelection}
        onChange={(value) => set({ idpSelection: value as IdpChoice })}
      >
        <Group mt="xs">
          {CHOICES.map(([value, label]) => (
            <Radio
              key={value}
              value={value}
              label={t(`tenantWizard.identity.${label}` as 'tenantWizard.identity.ad')}
            />
          ))}
        </Group>
      </Radio.Group>

      {form.idpSelection === 'Built-in' && (
        <Stack gap="sm">
          {form.keys.map((row, index) => {
            const n = String(index + 1);
            return (
              <Group key={row.id} align="flex-end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={`${t('tenantWizard.identity.accessKey')} ${n}`}
                  value={row.accessKey}
                  onChange={(e) => setKey(row.id, { accessKey: e.currentTarget.value })}
                  error={problem(`accessKey.${row.id}`, row.accessKey)}
                />
                <PasswordInput
                  style={{ flex: 1 }}
                  label={`${t('tenantWizard.identity.secretKey')} ${n}`}
                  value={row.secretKey}
                  onChange={(e) => setKey(row.id, { secretKey: e.currentTarget.value })}
                  error={problem(`secretKey.${row.id}`, row.secretKey)}
                />
                <RemoveRowButton
                  label={t('tenantWizard.identity.removeUser', { n })}
                  onlyRow={form.keys.length < 2}
                  onClick={() => set({ keys: removeRow(form.keys, row.id) })}
                />
              </Group>
            );
          })}
          <Group>
            <AddRowButton
              label={t('tenantWizard.identity.addUser')}
              onClick={() => set({ keys: [...form.keys, randomKeyRow()] })}
            />
            <Button
              variant="default"
              size="xs"
              leftSection={<IconRefresh size={14} aria-hidden />}
              onClick={() => set({ keys: form.keys.map(() => randomKeyRow()) })}
            >
              {t('tenantWizard.identity.randomize')}
            </Button>
          </Group>
        </Stack>
      )}

      {form.idpSelection === 'OpenID' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {OPENID_FIELDS.map(([field, required]) => text(field, required))}
        </SimpleGrid>
      )}

      {form.idpSelection === 'AD' && (
        <Stack gap="sm">
          {text('ADURL', true)}
          {AD_SWITCHES.map((field) => (
            <Checkbox
              key={field}
              label={t(`tenantWizard.identity.${field}`)}
              checked={form[field]}
              onChange={(e) => set({ [field]: e.currentTarget.checked })}
            />
          ))}
          {form.ADServerInsecure && (
            <Alert color={tokens.intent.warning} variant="light">
              {t('tenantWizard.identity.insecureWarning')}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {AD_TEXT_FIELDS.map((field) => text(field, false))}
            <PasswordInput
              label={t('tenantWizard.identity.ADLookupBindPassword')}
              value={form.ADLookupBindPassword}
              onChange={(e) => set({ ADLookupBindPassword: e.currentTarget.value })}
            />
          </SimpleGrid>
          {form.ADUserDNs.map((dn, index) => {
            const n = String(index + 1);
            return (
              <Group key={dn.id} align="flex-end" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={`${t('tenantWizard.identity.ADUserDN')} ${n}`}
                  required
                  value={dn.value}
                  onChange={(e) =>
                    set({
                      ADUserDNs: form.ADUserDNs.map((d) =>
                        d.id === dn.id ? { ...d, value: e.currentTarget.value } : d,
                      ),
                    })
                  }
                  error={problem(`ADUserDN.${dn.id}`, dn.value)}
                />
                <RemoveRowButton
                  label={t('tenantWizard.identity.removeUserDN', { n })}
                  onlyRow={form.ADUserDNs.length < 2}
                  onClick={() => set({ ADUserDNs: removeRow(form.ADUserDNs, dn.id) })}
                />
              </Group>
            );
          })}
          <AddRowButton
            label={t('tenantWizard.identity.addUserDN')}
            onClick={() => set({ ADUserDNs: [...form.ADUserDNs, { id: randomId(), value: '' }] })}
          />
        </Stack>
      )}
    </Stack>
  );
}
