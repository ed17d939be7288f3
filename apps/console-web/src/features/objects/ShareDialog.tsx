import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCopy } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateSelector } from '../../components/DateSelector.js';
import { type DateParts, partsOf } from '../../components/dateParts.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { showSnackbar } from '../../components/snackbar.js';
import { formatDateTime } from '../../utils/format.js';
import { checkShareDate, MAX_SHARE_MS, type ShareCheck, shareExpires } from './objectRules.js';
import { useShareLink } from './queries.js';

const LIMIT_DEBOUNCE_MS = 500;

export interface ShareTarget {
  objectKey: string;
  version?: string | undefined;
}

const ERROR_TEXT = {
  notFuture: 'objectDetail.shareNotFuture',
  tooLong: 'objectDetail.shareTooLong',
  invalidDate: 'objectDetail.shareInvalidDate',
} as const;

/** Share File: a presigned link for 7 days, or until the end of a chosen day (spec 001 §5). */
export function ShareDialog({
  bucket,
  target,
  onClose,
}: {
  bucket: string;
  target: ShareTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={target !== null} onClose={onClose} title={t('objectDetail.shareTitle')} centered>
      {target && <ShareForm bucket={bucket} target={target} />}
    </Modal>
  );
}

function ShareForm({ bucket, target }: { bucket: string; target: ShareTarget }) {
  const { t } = useTranslation();
  const [specific, setSpecific] = useState(false);
  const [date, setDate] = useState<DateParts | undefined>(() => partsOf(new Date()));
  // Checked once per choice, not per render: a moving "now" would ask for a new link each time.
  const check = useMemo<ShareCheck & { at: number }>(() => {
    const now = new Date();
    const result = specific ? checkShareDate(date, now) : { ok: true as const, expiresMs: MAX_SHARE_MS };
    return { ...result, at: now.getTime() };
  }, [specific, date]);
  const [limitInput, setLimitInput] = useState<number | string>('');
  // Each link is a credential on the server: typing "12" must not make a link for "1" first.
  const [limit] = useDebouncedValue(limitInput, LIMIT_DEBOUNCE_MS);
  const downloadLimit = typeof limit === 'number' && limit >= 1 ? limit : undefined;
  const share = useShareLink(
    bucket,
    target.objectKey,
    target.version,
    check.ok ? shareExpires(check.expiresMs) : null,
    downloadLimit,
  );
  const copy = async () => {
    if (!share.data) return;
    await navigator.clipboard.writeText(share.data);
    showSnackbar(t('objectDetail.shareCopied'));
  };
  return (
    <Stack>
      <SegmentedControl
        aria-label={t('objectDetail.activeUntil')}
        value={specific ? 'date' : 'default'}
        onChange={(v) => setSpecific(v === 'date')}
        data={[
          { value: 'default', label: t('objectDetail.defaultShare') },
          { value: 'date', label: t('objectDetail.specificDate') },
        ]}
      />
      {specific && (
        <DateSelector
          label={t('objectDetail.activeUntil')}
          value={date}
          onChange={setDate}
          error={check.ok ? undefined : t(ERROR_TEXT[check.error])}
        />
      )}
      {check.ok && (
        <Text size="sm" c="dimmed">
          {t('objectDetail.shareValidFor', {
            date: formatDateTime(new Date(check.at + check.expiresMs).toISOString()),
          })}
        </Text>
      )}
      <NumberInput
        label={t('shareLimit.downloadLimit')}
        description={t('shareLimit.downloadLimitHint')}
        value={limitInput}
        onChange={setLimitInput}
        min={1}
        max={1_000_000}
        allowDecimal={false}
        allowNegative={false}
      />
      <ErrorBanner error={share.error} />
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label={t('objectDetail.shareUrl')}
          value={check.ok ? (share.data ?? '') : ''}
          readOnly
          style={{ flex: 1 }}
        />
        <Button
          leftSection={<IconCopy size="1rem" aria-hidden />}
          onClick={() => void copy()}
          disabled={!check.ok || !share.data}
        >
          {t('common.copy')}
        </Button>
      </Group>
      {share.data && (
        <Text size="sm" c="dimmed">
          {t('shareLimit.recorded')}
        </Text>
      )}
    </Stack>
  );
}
