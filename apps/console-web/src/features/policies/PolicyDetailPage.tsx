import { Anchor, Breadcrumbs, Button, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import type { Policy } from '@stowage/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CanDo } from '../../components/Can.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { QueryState } from '../../components/QueryState.js';
import { showSnackbar } from '../../components/snackbar.js';
import { ViewLink } from '../../components/ViewLink.js';
import { useSession } from '../session/SessionProvider.js';
import { prettyPolicy, statementsOf } from './policyDocument.js';
import { useAddPolicy, usePolicyGroupsQuery, usePolicyQuery, usePolicyUsersQuery } from './queries.js';
import { hasErrors, lintPolicy } from './studio/lintPolicy.js';
import { PolicyStudio } from './studio/PolicyStudio.js';

/** Spec 001 §2 "/policies/{name}": tabs Summary, Users, Groups and JSON (Raw Policy). */
export function PolicyDetailPage() {
  const { t } = useTranslation();
  const { '*': name = '' } = useParams();
  const policy = usePolicyQuery(name);
  return (
    <>
      <Breadcrumbs component="nav" mb="sm" aria-label={t('users.breadcrumb')}>
        <Anchor component={Link} to="/policies">
          {t('policies.title')}
        </Anchor>
        <span aria-current="page">{name}</span>
      </Breadcrumbs>
      <Title order={1} size="h2" mb="lg">
        {name}
      </Title>
      <QueryState query={policy}>{(data) => <PolicyTabs policy={data} />}</QueryState>
    </>
  );
}

function PolicyTabs({ policy }: { policy: Policy }) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="summary" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="summary">{t('policies.tabs.summary')}</Tabs.Tab>
        <Tabs.Tab value="users">{t('policies.tabs.users')}</Tabs.Tab>
        <Tabs.Tab value="groups">{t('policies.tabs.groups')}</Tabs.Tab>
        <Tabs.Tab value="json">{t('policies.tabs.json')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="summary">
        <StatementsTable document={policy.policy} />
      </Tabs.Panel>
      <Tabs.Panel value="users">
        <PolicyUsers name={policy.name} />
      </Tabs.Panel>
      <Tabs.Panel value="groups">
        <PolicyGroups name={policy.name} />
      </Tabs.Panel>
      <Tabs.Panel value="json">
        <RawPolicy policy={policy} />
      </Tabs.Panel>
    </Tabs>
  );
}

function StatementsTable({ document }: { document: string }) {
  const { t } = useTranslation();
  const statements = statementsOf(document);
  if (statements.length === 0) return <Text c="dimmed">{t('policies.noStatements')}</Text>;
  return (
    <Table aria-label={t('policies.tabs.summary')} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('policies.effect')}</Table.Th>
          <Table.Th>{t('policies.actions')}</Table.Th>
          <Table.Th>{t('policies.resources')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {statements.map((s, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: statements have no identity but their place
          <Table.Tr key={i}>
            <Table.Td>{s.effect}</Table.Td>
            <Table.Td>
              <Stack gap={0}>
                {s.actions.map((a) => (
                  <Text key={a} size="sm" ff="monospace">
                    {a}
                  </Text>
                ))}
              </Stack>
            </Table.Td>
            <Table.Td>
              <Stack gap={0}>
                {s.resources.map((r) => (
                  <Text key={r} size="sm" ff="monospace">
                    {r}
                  </Text>
                ))}
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function PolicyUsers({ name }: { name: string }) {
  const { t } = useTranslation();
  const users = usePolicyUsersQuery(name);
  const session = useSession();
  const canOpenUsers =
    session.status === 'authenticated' && session.session.pages.includes('/users/:userName');
  const columns = useMemo<Column<string>[]>(() => [{ header: t('users.accessKey'), cell: (u) => u }], [t]);
  return (
    <QueryState query={users}>
      {(list) => (
        <DataTable
          label={t('policies.tabs.users')}
          rows={list}
          rowKey={(u) => u}
          columns={columns}
          empty={t('policies.noUsers')}
          actionsHeader={canOpenUsers ? t('common.actions') : undefined}
          actions={
            canOpenUsers
              ? (u) => (
                  <ViewLink to={`/users/${encodeURIComponent(u)}`} label={t('users.view', { user: u })} />
                )
              : undefined
          }
        />
      )}
    </QueryState>
  );
}

function PolicyGroups({ name }: { name: string }) {
  const { t } = useTranslation();
  const groups = usePolicyGroupsQuery(name);
  const columns = useMemo<Column<string>[]>(() => [{ header: t('groups.name'), cell: (g) => g }], [t]);
  return (
    <QueryState query={groups}>
      {(list) => (
        <DataTable
          label={t('policies.tabs.groups')}
          rows={list}
          rowKey={(g) => g}
          columns={columns}
          empty={t('policies.noGroups')}
        />
      )}
    </QueryState>
  );
}

/** The JSON tab: the document in the policy studio, editable; the name stays (spec 001 §5). */
function RawPolicy({ policy }: { policy: Policy }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => prettyPolicy(policy.policy));
  const [tried, setTried] = useState(false);
  const save = useAddPolicy();
  const problems = useMemo(() => lintPolicy(text, { kind: 'identity' }), [text]);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (hasErrors(problems)) return;
        save.mutate(
          { name: policy.name, policy: text },
          { onSuccess: () => showSnackbar(t('policies.updated')) },
        );
      }}
    >
      <Stack maw="60rem">
        <ErrorBanner error={save.error} onClose={() => save.reset()} />
        <PolicyStudio
          value={text}
          onChange={setText}
          problems={problems}
          kind="identity"
          label={t('policies.rawPolicy')}
          blocked={tried}
        />
        <Group justify="flex-end">
          <CanDo action="admin:CreatePolicy">
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </CanDo>
        </Group>
      </Stack>
    </form>
  );
}
