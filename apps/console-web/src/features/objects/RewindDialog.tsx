import { Button, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setRewind } from './rewind.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date-time as a datetime-local input holds it, to the second. */
export function toLocalInput(date: Date): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

interface RewindDialogProps {
  bucket: string;
  opened: boolean;
  /** The rewind date in force, if any. */
  current: string | undefined;
  onClose: () => void;
}

/** Rewind - {bucket}: "Rewind to" a moment, or back to current data (spec 001 §2, §4). */
export function RewindDialog({ bucket, opened, current, onClose }: RewindDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('objects.rewindTitle', { bucket })} centered>
      {opened && <RewindForm bucket={bucket} current={current} onDone={onClose} />}
    </Modal>
  );
}

function RewindForm({
  bucket,
  current,
  onDone,
}: {
  bucket: string;
  current: string | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(true);
  const [when, setWhen] = useState(() => toLocalInput(current ? new Date(current) : new Date()));
  const date = new Date(when);
  const valid = when !== '' && !Number.isNaN(date.getTime());
  const apply = () => {
    setRewind(enabled && valid ? { bucket, date: date.toISOString() } : null);
    onDone();
  };
  return (
    <Stack>
      <TextInput
        type="datetime-local"
        step={1}
        label={t('objects.rewindTo')}
        value={when}
        onChange={(e) => setWhen(e.currentTarget.value)}
        disabled={!enabled}
        error={enabled && !valid ? t('objectDetail.shareInvalidDate') : undefined}
      />
      <Switch
        label={t('objects.currentStatus')}
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button onClick={apply} disabled={enabled && !valid}>
          {enabled ? t('objects.showRewind') : t('objects.showCurrent')}
        </Button>
      </Group>
    </Stack>
  );
}
