import { Button, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanDo } from '../../components/Can.js';
import { closeAfterReset, FormDialog, mutationState } from '../../components/FormDialog.js';
import { showSnackbar } from '../../components/snackbar.js';
import { useCreateDropLink } from './queries.js';

const MIB = 1024 * 1024;
/** Drop links accept at most one S3 PUT: 5 GiB. */
const MAX_MIB = 5 * 1024;
const EXPIRIES = ['3600', '86400', '259200', '604800'] as const;

/** The object browser's "Create drop link" for the folder on screen. */
export function CreateDropLinkButton({
  bucket,
  prefix,
  disabled,
}: {
  bucket: string;
  prefix: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <CanDo action="s3:PutObject" bucket={bucket}>
        <Button
          variant="default"
          leftSection={<IconInbox size="1rem" aria-hidden />}
          disabled={disabled}
          onClick={() => setOpened(true)}
        >
          {t('dropLinks.create')}
        </Button>
      </CanDo>
      {opened && <CreateDropLinkDialog bucket={bucket} prefix={prefix} onClose={() => setOpened(false)} />}
    </>
  );
}

function CreateDropLinkDialog({
  bucket,
  prefix,
  onClose,
}: {
  bucket: string;
  prefix: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateDropLink();
  const [sizeMiB, setSizeMiB] = useState<number | string>(100);
  const [expires, setExpires] = useState<string>('86400');
  const size = typeof sizeMiB === 'number' ? sizeMiB : Number.NaN;
  const valid = Number.isFinite(size) && size > 0 && size <= MAX_MIB;
  const close = closeAfterReset(create, onClose);
  const url = create.data?.url;
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard.writeText(url);
    showSnackbar(t('shareLinks.copied'));
  };
  return (
    <FormDialog
      opened
      title={t('dropLinks.title')}
      onClose={close}
      onSubmit={() =>
        create.mutate({
          bucket,
          prefix,
          size_limit: Math.round(size * MIB),
          expires_seconds: Number(expires),
        })
      }
      canSave={valid}
      done={url !== undefined}
      submitLabel={t('dropLinks.submit')}
      {...mutationState(create)}
    >
      <Text size="sm">{t('dropLinks.explain', { target: `${bucket}/${prefix}` })}</Text>
      <NumberInput
        label={t('dropLinks.sizeLimit')}
        value={sizeMiB}
        onChange={setSizeMiB}
        min={1}
        max={MAX_MIB}
        allowDecimal={false}
        disabled={url !== undefined}
        data-autofocus
      />
      <Select
        label={t('dropLinks.expiresIn')}
        value={expires}
        onChange={(v) => v && setExpires(v)}
        data={EXPIRIES.map((value) => ({ value, label: t(`dropLinks.expiries.${value}`) }))}
        allowDeselect={false}
        disabled={url !== undefined}
      />
      {url && (
        <Stack gap="xs">
          <Group align="flex-end" wrap="nowrap">
            <TextInput label={t('dropLinks.link')} value={url} readOnly style={{ flex: 1 }} />
            <Button leftSection={<IconCopy size="1rem" aria-hidden />} onClick={() => void copy()}>
              {t('common.copy')}
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            {t('dropLinks.recorded')}
          </Text>
        </Stack>
      )}
    </FormDialog>
  );
}
