import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { modalMessage } from '../../../components/FormDialog.js';
import { tokens } from '../../../theme/tokens.js';
import { useListExternalBuckets, useSetReplication } from './queries.js';
import { RemoteFields } from './RemoteFields.js';
import {
  DEFAULT_REMOTE,
  isDestinationBucket,
  type RemoteDraft,
  remoteComplete,
  remotePart,
} from './replicationForm.js';

/** Spec 001 §4: succeeded rows leave the list 500 ms after they show their success icon. */
export const SUCCESS_ROW_MS = 500;

interface MultiReplicationDialogProps {
  buckets: readonly string[];
  opened: boolean;
  onClose: () => void;
  /** Every bucket replicated: the selection is cleared. */
  onDone: () => void;
}

type RowResult = { ok: true } | { ok: false; error: string };

/** Set Multiple Bucket Replication: Remote Configuration, then Buckets Assignation. */
export function MultiReplicationDialog({ buckets, opened, onClose, onDone }: MultiReplicationDialogProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [remote, setRemote] = useState<RemoteDraft>(DEFAULT_REMOTE);
  const [targets, setTargets] = useState<Record<string, string>>({});
  const [rows, setRows] = useState<string[]>([]);
  const [results, setResults] = useState<Record<string, RowResult>>({});
  const check = useListExternalBuckets();
  const replicate = useSetReplication();

  useEffect(() => {
    if (opened) setRows([...buckets]);
  }, [opened, buckets]);

  const close = () => {
    setStep(0);
    setRemote(DEFAULT_REMOTE);
    setTargets({});
    setResults({});
    check.reset();
    replicate.reset();
    onClose();
  };

  const verifyRemote = () =>
    check.mutate(
      {
        accessKey: remote.accessKey.trim(),
        secretKey: remote.secretKey,
        targetURL: remotePart(remote).targetURL,
        useTLS: remote.useTLS,
      },
      { onSuccess: () => setStep(1) },
    );

  const apply = () =>
    replicate.mutate(
      {
        ...remotePart(remote),
        bucketsRelation: rows.map((b) => ({ originBucket: b, destinationBucket: (targets[b] ?? '').trim() })),
      },
      {
        onSuccess: ({ replicationState }) => {
          const next: Record<string, RowResult> = {};
          for (const s of replicationState)
            next[s.originBucket] = s.errorString ? { ok: false, error: s.errorString } : { ok: true };
          setResults(next);
          const failed = rows.filter((b) => next[b] && !next[b].ok);
          if (failed.length === 0) {
            onDone();
            close();
            return;
          }
          setTimeout(() => setRows(failed), SUCCESS_ROW_MS);
        },
      },
    );

  const allAssigned = rows.length > 0 && rows.every((b) => isDestinationBucket(targets[b] ?? ''));
  const error = check.error ?? replicate.error;
  // Memoised: a new object each render would restart the banner's hide timer.
  const shownError = useMemo(() => modalMessage(error), [error]);

  return (
    <Modal opened={opened} onClose={close} title={t('multiReplication.title')} size="765px" centered>
      <Stack>
        <ErrorBanner
          error={shownError}
          onClose={() => {
            check.reset();
            replicate.reset();
          }}
        />
        <Stepper active={step} size="sm">
          <Stepper.Step label={t('multiReplication.remoteStep')}>
            <Stack>
              <Alert color={tokens.color.warning} variant="light">
                {t('multiReplication.rootAdvice')}
              </Alert>
              <RemoteFields value={remote} onChange={setRemote} />
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t('common.cancel')}
                </Button>
                <Button disabled={!remoteComplete(remote)} loading={check.isPending} onClick={verifyRemote}>
                  {t('multiReplication.next')}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={t('multiReplication.assignStep')}>
            <Stack>
              <Table aria-label={t('multiReplication.assignStep')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('multiReplication.origin')}</Table.Th>
                    <Table.Th>{t('multiReplication.destination')}</Table.Th>
                    <Table.Th>{t('multiReplication.result')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((b) => (
                    <Table.Tr key={b}>
                      <Table.Td>{b}</Table.Td>
                      <Table.Td>
                        <TextInput
                          aria-label={t('multiReplication.destinationFor', { bucket: b })}
                          list="remote-buckets"
                          value={targets[b] ?? ''}
                          onChange={(e) => {
                            const value = e.currentTarget.value;
                            setTargets((x) => ({ ...x, [b]: value }));
                          }}
                        />
                      </Table.Td>
                      <Table.Td>
                        <RowOutcome result={results[b]} bucket={b} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              <datalist id="remote-buckets">
                {(check.data?.buckets ?? []).map((rb) => (
                  <option key={rb.name} value={rb.name} />
                ))}
              </datalist>
              <Text size="xs" c={tokens.color['text-muted']}>
                {t('multiReplication.remoteBuckets', { count: check.data?.buckets.length ?? 0 })}
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setStep(0)}>
                  {t('multiReplication.back')}
                </Button>
                <Button disabled={!allAssigned} loading={replicate.isPending} onClick={apply}>
                  {t('common.save')}
                </Button>
              </Group>
            </Stack>
          </Stepper.Step>
        </Stepper>
      </Stack>
    </Modal>
  );
}

function RowOutcome({ result, bucket }: { result: RowResult | undefined; bucket: string }) {
  const { t } = useTranslation();
  if (!result) return null;
  if (result.ok)
    return (
      <IconCircleCheck
        color={tokens.color.success}
        aria-label={t('multiReplication.succeeded', { bucket })}
      />
    );
  return (
    <Tooltip label={result.error}>
      <ActionIcon
        variant="subtle"
        color={tokens.color.danger}
        aria-label={t('multiReplication.failed', { bucket, error: result.error })}
      >
        <IconAlertCircle size="1.1rem" aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
