import { Alert, Checkbox, Group, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../theme/tokens.js';
import { useNodeLabels } from './queries.js';
import { AddRowButton, RemoveRowButton } from './RowControls.js';
import type { StepProps } from './stepProps.js';
import { type LabelRow, type PodPlacement, randomId, removeRow } from './wizardState.js';

const PLACEMENTS: readonly PodPlacement[] = ['none', 'default', 'nodeSelector'];

/**
 * Spec §2.5 Pod Placement. Node Selector picks from the cluster's node labels; when that call
 * fails the keys and values are typed (spec §8), and the failure is shown.
 */
export function PlacementStep(props: StepProps) {
  const { t } = useTranslation();
  const { form, set } = props;
  const selector = form.podAffinity === 'nodeSelector';
  const labels = useNodeLabels(selector);
  const known = labels.isError ? undefined : labels.data;
  const setRow = (id: string, patch: Partial<LabelRow>) =>
    set({ nodeSelectorLabels: form.nodeSelectorLabels.map((r) => (r.id === id ? { ...r, ...patch } : r)) });
  const missing = props.showAll && props.problems.nodeSelectorLabels;

  return (
    <Stack gap="md">
      <Radio.Group
        label={t('tenantWizard.placement.type')}
        value={form.podAffinity}
        onChange={(value) => set({ podAffinity: value as PodPlacement })}
      >
        <Group mt="xs">
          {PLACEMENTS.map((p) => (
            <Radio key={p} value={p} label={t(`tenantWizard.placement.${p}`)} />
          ))}
        </Group>
      </Radio.Group>
      {selector && (
        <Stack gap="sm">
          <Checkbox
            label={t('tenantWizard.placement.withPodAntiAffinity')}
            checked={form.withPodAntiAffinity}
            onChange={(e) => set({ withPodAntiAffinity: e.currentTarget.checked })}
          />
          {labels.isError && (
            <Alert
              color={tokens.intent.danger}
              variant="light"
              title={t('tenantWizard.placement.labelsFailed')}
            >
              {labels.error.message}
            </Alert>
          )}
          {form.nodeSelectorLabels.map((row, index) => {
            const n = index + 1;
            const keyLabel = `${t('tenantWizard.placement.key')} ${n}`;
            const valueLabel = `${t('tenantWizard.placement.value')} ${n}`;
            return (
              <Group key={row.id} align="flex-end" wrap="nowrap">
                {known ? (
                  <>
                    <Select
                      style={{ flex: 1 }}
                      label={keyLabel}
                      data={Object.keys(known)}
                      value={row.key || null}
                      searchable
                      onChange={(key) =>
                        // Spec §2.5: choosing a key sets the value to that key's first known value.
                        setRow(row.id, { key: key ?? '', value: (key && known[key]?.[0]) ?? '' })
                      }
                    />
                    <Select
                      style={{ flex: 1 }}
                      label={valueLabel}
                      data={known[row.key] ?? []}
                      value={row.value || null}
                      onChange={(value) => setRow(row.id, { value: value ?? '' })}
                    />
                  </>
                ) : (
                  <>
                    <TextInput
                      style={{ flex: 1 }}
                      label={keyLabel}
                      value={row.key}
                      onChange={(e) => setRow(row.id, { key: e.currentTarget.value })}
                    />
                    <TextInput
                      style={{ flex: 1 }}
                      label={valueLabel}
                      value={row.value}
                      onChange={(e) => setRow(row.id, { value: e.currentTarget.value })}
                    />
                  </>
                )}
                <RemoveRowButton
                  label={t('tenantWizard.placement.removeLabel', { n: String(n) })}
                  onlyRow={form.nodeSelectorLabels.length < 2}
                  onClick={() => set({ nodeSelectorLabels: removeRow(form.nodeSelectorLabels, row.id) })}
                />
              </Group>
            );
          })}
          <AddRowButton
            label={t('tenantWizard.placement.addLabel')}
            onClick={() =>
              set({
                nodeSelectorLabels: [...form.nodeSelectorLabels, { id: randomId(), key: '', value: '' }],
              })
            }
          />
          {missing && (
            <Text size="sm" role="alert" style={{ color: tokens.color.danger }}>
              {t('tenantWizard.problems.nodeSelector')}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
