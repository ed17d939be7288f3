import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/ApiError.js';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { modalMessage } from '../../../components/FormDialog.js';
import { Loading } from '../../../components/Loading.js';
import { showSnackbar } from '../../../components/snackbar.js';
import { tokens } from '../../../theme/tokens.js';
import { useSaveTenantYaml, useTenantYaml } from '../queries.js';
import { RightGate } from './RightGate.js';
import type { YamlProblem } from './tenantYamlProblems.js';

const YamlEditor = lazy(() => import('./YamlEditor.js'));

/**
 * Spec 002 §2.4 Edit YAML: the Tenant in a code editor (loaded on demand) with the schema's
 * problems inline, Save (disabled for a blank text), save errors inline, and a 409 explained
 * with a way forward that keeps the user's text.
 */
export function EditYamlDialog({
  namespace,
  tenant,
  opened,
  onClose,
}: {
  namespace: string;
  tenant: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useMemo(() => ({ namespace, tenant }), [namespace, tenant]);
  const loaded = useTenantYaml(ref, opened);
  const save = useSaveTenantYaml(ref);
  const [text, setText] = useState<string | undefined>();
  /** Undefined until the editor has checked the text. */
  const [problems, setProblems] = useState<YamlProblem[] | undefined>();
  /** The user's text as it was when a conflict was resolved by reloading. */
  const [setAside, setSetAside] = useState<string | undefined>();

  useEffect(() => {
    if (opened && text === undefined && loaded.data) setText(loaded.data.yaml);
  }, [opened, text, loaded.data]);

  const close = () => {
    setText(undefined);
    setSetAside(undefined);
    setProblems(undefined);
    save.reset();
    onClose();
  };
  const conflict = save.error instanceof ApiError && save.error.status === 409;
  const fresh = async () => (await loaded.refetch()).data?.yaml;
  const rebase = async () => {
    const current = await fresh();
    if (current === undefined || text === undefined) return;
    // The YAML library comes with the editor's chunk, not the page's.
    const { rebaseYaml } = await import('./rebaseYaml.js');
    save.reset();
    setText(rebaseYaml(text, current));
  };
  const reload = async () => {
    const current = await fresh();
    if (current === undefined) return;
    save.reset();
    setSetAside(text);
    setText(current);
  };
  const onProblems = useCallback((found: YamlProblem[]) => setProblems(found), []);
  const errors = problems?.filter((p) => p.severity === 'error').length ?? 0;

  return (
    <Modal opened={opened} onClose={close} title={t('tenantTabs.yaml.title')} size="xl" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!text?.trim()) return;
          save.mutate(text, {
            onSuccess: () => {
              showSnackbar(t('tenantTabs.yaml.saved'));
              close();
            },
          });
        }}
      >
        <Stack>
          <ErrorBanner error={loaded.error} />
          {conflict ? (
            <Alert
              color={tokens.intent.warning}
              variant="light"
              icon={<IconAlertTriangle aria-hidden />}
              title={t('tenantTabs.yaml.conflictTitle')}
              // Mantine's yellow title lacks contrast on its own background.
              styles={{ title: { color: tokens.color.warning } }}
              role="alert"
            >
              <Stack gap="xs">
                <Text size="sm">{t('tenantTabs.yaml.conflict')}</Text>
                <Group>
                  <Button size="xs" onClick={() => void rebase()} loading={loaded.isFetching}>
                    {t('tenantTabs.yaml.rebase')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => void reload()}
                    loading={loaded.isFetching}
                  >
                    {t('tenantTabs.yaml.reload')}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : (
            // Spec 002 §8: a YAML save error is shown inline in the dialog.
            <ErrorBanner error={modalMessage(save.error)} onClose={() => save.reset()} />
          )}
          {text === undefined ? (
            !loaded.isError && <Loading />
          ) : (
            <Suspense fallback={<Text c="dimmed">{t('tenantTabs.yaml.loadingEditor')}</Text>}>
              <YamlEditor
                value={text}
                onChange={setText}
                onProblems={onProblems}
                label={t('tenantTabs.yaml.editor')}
              />
            </Suspense>
          )}
          {problems !== undefined && <ProblemList problems={problems} errors={errors} />}
          {setAside !== undefined && (
            <Textarea
              label={t('tenantTabs.yaml.yourText')}
              value={setAside}
              readOnly
              rows={8}
              ff="monospace"
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <RightGate namespace={namespace} right="updateTenant">
              {/* Spec 002 §5: Save is disabled while the text is blank. */}
              <Button type="submit" disabled={!text?.trim()} loading={save.isPending}>
                {t('tenantTabs.yaml.save')}
              </Button>
            </RightGate>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ProblemList({ problems, errors }: { problems: YamlProblem[]; errors: number }) {
  const { t } = useTranslation();
  if (problems.length === 0)
    return (
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('tenantTabs.yaml.valid')}
      </Text>
    );
  return (
    <Stack gap={2} aria-live="polite" data-errors={errors}>
      <Text size="sm" fw={600}>
        {t('tenantTabs.yaml.problems', { count: problems.length })}
      </Text>
      <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
        {problems.map((p) => (
          <li key={`${p.from}-${p.message}`}>
            <Text size="sm" c={p.severity === 'error' ? tokens.color.danger : undefined}>
              {t('tenantTabs.yaml.problemAt', { line: String(p.line), message: p.message })}
            </Text>
          </li>
        ))}
      </ul>
    </Stack>
  );
}
