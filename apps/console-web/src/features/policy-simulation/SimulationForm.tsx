import {
  Autocomplete,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { S3_ACTIONS, type SimulatePolicyRequest, type SimulationPrincipal } from '@stowage/contract';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBucketsQuery } from '../buckets/queries.js';
import { useGroupsQuery } from '../groups/queries.js';
import { type AccountOwner, useServiceAccountsQuery } from '../service-accounts/queries.js';
import { useUsersQuery } from '../users/queries.js';
import { parseConditionLines } from './conditionLines.js';

type Kind = SimulationPrincipal['kind'];
const KINDS: readonly Kind[] = ['user', 'group', 'accessKey'];
/** Access keys offered for completion: the session's own (any other can be typed). */
const OWN_KEYS: AccountOwner = { kind: 'self' };

/** The question: who, which action, on what, with which condition values. */
export function SimulationForm({
  busy,
  onSubmit,
}: {
  busy: boolean;
  onSubmit: (request: SimulatePolicyRequest) => void;
}) {
  const { t } = useTranslation();
  const users = useUsersQuery();
  const groups = useGroupsQuery();
  const buckets = useBucketsQuery();
  const keys = useServiceAccountsQuery(OWN_KEYS);
  const [kind, setKind] = useState<Kind>('user');
  const [name, setName] = useState('');
  const [action, setAction] = useState('');
  const [bucket, setBucket] = useState<string | null>(null);
  const [key, setKey] = useState('');
  const [conditionText, setConditionText] = useState('');
  const [tried, setTried] = useState(false);

  const names = useMemo(() => {
    if (kind === 'user') return (users.data?.users ?? []).map((u) => u.accessKey);
    if (kind === 'group') return groups.data?.groups ?? [];
    return keys.data ?? [];
  }, [kind, users.data, groups.data, keys.data]);
  const parsed = parseConditionLines(conditionText);
  const required = (value: string | null) =>
    tried && !value?.trim() ? t('policySimulator.required') : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!name.trim() || !action.trim() || !bucket || 'badLine' in parsed) return;
    onSubmit({
      principal: { kind, name: name.trim() },
      action: action.trim(),
      bucket,
      ...(key ? { key } : {}),
      ...(Object.keys(parsed.conditions).length ? { conditions: parsed.conditions } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw="40rem">
        <SegmentedControl
          aria-label={t('policySimulator.principalKind')}
          value={kind}
          onChange={(value) => {
            setKind(value as Kind);
            setName('');
          }}
          data={KINDS.map((k) => ({ value: k, label: t(`policySimulator.kinds.${k}`) }))}
        />
        <Autocomplete
          label={t('policySimulator.principal')}
          placeholder={t('policySimulator.principalPlaceholder')}
          data={names}
          value={name}
          onChange={setName}
          required
          error={required(name)}
        />
        <Autocomplete
          label={t('policySimulator.action')}
          placeholder={t('policySimulator.actionPlaceholder')}
          data={[...S3_ACTIONS]}
          value={action}
          onChange={setAction}
          limit={20}
          required
          error={required(action)}
        />
        <Group grow align="flex-start">
          <Select
            label={t('policySimulator.bucket')}
            data={(buckets.data?.buckets ?? []).map((b) => b.name)}
            value={bucket}
            onChange={setBucket}
            searchable
            required
            error={required(bucket)}
          />
          <TextInput
            label={t('policySimulator.key')}
            description={t('policySimulator.keyHint')}
            value={key}
            onChange={(e) => setKey(e.currentTarget.value)}
          />
        </Group>
        <Textarea
          label={t('policySimulator.conditions')}
          description={t('policySimulator.conditionsHint')}
          rows={3}
          value={conditionText}
          onChange={(e) => setConditionText(e.currentTarget.value)}
          error={
            'badLine' in parsed
              ? t('policySimulator.conditionsInvalid', { line: String(parsed.badLine) })
              : undefined
          }
        />
        <Group>
          <Button type="submit" loading={busy}>
            {t('policySimulator.simulate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
