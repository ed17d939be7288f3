import { Group, PasswordInput, SegmentedControl, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RemoteDraft } from './replicationForm.js';

/** The remote server of a replication: mode, address, keys, region, bandwidth, health check. */
export function RemoteFields({
  value,
  onChange,
}: {
  value: RemoteDraft;
  onChange: (next: RemoteDraft) => void;
}) {
  const { t } = useTranslation();
  const set = (part: Partial<RemoteDraft>) => onChange({ ...value, ...part });
  return (
    <>
      <SegmentedControl
        aria-label={t('replication.mode')}
        value={value.syncMode}
        onChange={(v) => set({ syncMode: v as RemoteDraft['syncMode'] })}
        data={[
          { value: 'async', label: t('replication.modes.async') },
          { value: 'sync', label: t('replication.modes.sync') },
        ]}
      />
      <TextInput
        label={t('replication.targetURL')}
        placeholder="play.example.com:9000"
        value={value.targetURL}
        onChange={(e) => set({ targetURL: e.currentTarget.value })}
        required
      />
      <Switch
        label={t('replication.useTLS')}
        checked={value.useTLS}
        onChange={(e) => set({ useTLS: e.currentTarget.checked })}
      />
      <Group grow>
        <TextInput
          label={t('replication.accessKey')}
          value={value.accessKey}
          onChange={(e) => set({ accessKey: e.currentTarget.value })}
          autoComplete="off"
          required
        />
        <PasswordInput
          label={t('replication.secretKey')}
          value={value.secretKey}
          onChange={(e) => set({ secretKey: e.currentTarget.value })}
          autoComplete="new-password"
          required
        />
      </Group>
      <TextInput
        label={t('replication.region')}
        value={value.region}
        onChange={(e) => set({ region: e.currentTarget.value })}
      />
      <Group grow>
        {value.syncMode === 'async' && (
          <TextInput
            label={t('replication.bandwidth')}
            inputMode="numeric"
            value={value.bandwidthGi}
            onChange={(e) => set({ bandwidthGi: e.currentTarget.value })}
          />
        )}
        <TextInput
          label={t('replication.healthCheck')}
          inputMode="numeric"
          value={value.healthCheckPeriod}
          onChange={(e) => set({ healthCheckPeriod: e.currentTarget.value })}
        />
      </Group>
    </>
  );
}
