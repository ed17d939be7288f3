import { Checkbox, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog.js';
import { QueryPairsInput } from '../../../components/QueryPairsInput.js';
import { useSetReplication } from './queries.js';
import { RemoteFields } from './RemoteFields.js';
import {
  DEFAULT_REMOTE,
  isDestinationBucket,
  type RemoteDraft,
  remoteComplete,
  remotePart,
} from './replicationForm.js';

interface RuleOptions {
  targetBucket: string;
  prefix: string;
  tags: string;
  storageClass: string;
  replicateDeleteMarkers: boolean;
  replicateDeletes: boolean;
  replicateMetadata: boolean;
}

const DEFAULT_RULE: RuleOptions = {
  targetBucket: '',
  prefix: '',
  tags: '',
  storageClass: '',
  replicateDeleteMarkers: true,
  replicateDeletes: true,
  replicateMetadata: true,
};

/** Set Bucket Replication: one rule from this bucket to a bucket on a remote server. */
export function AddReplicationDialog({
  bucket,
  opened,
  onClose,
}: {
  bucket: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [remote, setRemote] = useState<RemoteDraft>(DEFAULT_REMOTE);
  const [rule, setRule] = useState<RuleOptions>(DEFAULT_RULE);
  const [round, setRound] = useState(0);
  const [outcome, setOutcome] = useState<string | undefined>();
  const save = useSetReplication();
  const set = (part: Partial<RuleOptions>) => setRule((r) => ({ ...r, ...part }));
  const close = () => {
    setRemote(DEFAULT_REMOTE);
    setRule(DEFAULT_RULE);
    setRound((r) => r + 1);
    setOutcome(undefined);
    save.reset();
    onClose();
  };

  return (
    <FormDialog
      opened={opened}
      title={t('replication.addTitle')}
      onClose={close}
      onSubmit={() =>
        save.mutate(
          {
            ...remotePart(remote),
            bucketsRelation: [{ originBucket: bucket, destinationBucket: rule.targetBucket.trim() }],
            ...(rule.prefix.trim() ? { prefix: rule.prefix.trim() } : {}),
            ...(rule.tags ? { tags: rule.tags } : {}),
            ...(rule.storageClass.trim() ? { storageClass: rule.storageClass.trim() } : {}),
            replicateDeleteMarkers: rule.replicateDeleteMarkers,
            replicateDeletes: rule.replicateDeletes,
            replicateMetadata: rule.replicateMetadata,
          },
          {
            onSuccess: ({ replicationState }) => {
              // Spec 001 §4: the first item's errorString is the error; no items, nothing changed.
              const first = replicationState[0];
              if (!first) setOutcome(t('replication.noChanges'));
              else if (first.errorString) setOutcome(first.errorString);
              else close();
            },
          },
        )
      }
      error={outcome ? { message: outcome } : save.error}
      onErrorClose={() => {
        setOutcome(undefined);
        save.reset();
      }}
      canSave={remoteComplete(remote) && isDestinationBucket(rule.targetBucket)}
      pending={save.isPending}
    >
      <RemoteFields value={remote} onChange={setRemote} />
      <TextInput
        label={t('replication.targetBucket')}
        value={rule.targetBucket}
        onChange={(e) => set({ targetBucket: e.currentTarget.value })}
        required
      />
      <TextInput
        label={t('replication.prefix')}
        value={rule.prefix}
        onChange={(e) => set({ prefix: e.currentTarget.value })}
      />
      <QueryPairsInput
        key={round}
        label={t('replication.tags')}
        initial=""
        onChange={(tags) => set({ tags })}
      />
      <TextInput
        label={t('replication.storageClass')}
        value={rule.storageClass}
        onChange={(e) => set({ storageClass: e.currentTarget.value })}
      />
      <Stack gap="xs">
        <Checkbox
          label={t('replication.deleteMarkers')}
          checked={rule.replicateDeleteMarkers}
          onChange={(e) => set({ replicateDeleteMarkers: e.currentTarget.checked })}
        />
        <Checkbox
          label={t('replication.deletes')}
          checked={rule.replicateDeletes}
          onChange={(e) => set({ replicateDeletes: e.currentTarget.checked })}
        />
        <Checkbox
          label={t('replication.metadata')}
          checked={rule.replicateMetadata}
          onChange={(e) => set({ replicateMetadata: e.currentTarget.checked })}
        />
      </Stack>
    </FormDialog>
  );
}
