import { Checkbox, List, ScrollArea, Text, TextInput } from '@mantine/core';
import type { DirectCsiDrive, FormatIssue } from '@stowage/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAfterReset, FormDialog, mutationState } from '../../components/FormDialog.js';
import { showSnackbar } from '../../components/snackbar.js';
import { driveKey } from './driveKey.js';
import { useFormatDrives } from './queries.js';

/** Spec 002 §5: the confirm button is enabled only for exactly this text. */
export const FORMAT_CONFIRM_TEXT = 'YES, PROCEED';

interface FormatDrivesDialogProps {
  /** The drives to format; undefined: closed. */
  drives: readonly DirectCsiDrive[] | undefined;
  onClose: () => void;
  /** The drives the driver refused, and why (spec 002 §4: the Format Errors dialog opens). */
  onIssues: (issues: FormatIssue[]) => void;
}

/** Spec 002 §2.6: the warning that everything on the drives is erased, typed consent, and force. */
export function FormatDrivesDialog({ drives, onClose, onIssues }: FormatDrivesDialogProps) {
  const { t } = useTranslation();
  const format = useFormatDrives();
  const [typed, setTyped] = useState('');
  const [force, setForce] = useState(false);
  const close = closeAfterReset(format, () => {
    setTyped('');
    setForce(false);
    onClose();
  });
  const count = drives?.length ?? 0;
  return (
    <FormDialog
      opened={drives !== undefined}
      title={count === 1 ? t('storage.format.titleOne') : t('storage.format.title')}
      onClose={close}
      submitLabel={t('storage.format.submit')}
      canSave={typed === FORMAT_CONFIRM_TEXT && count > 0}
      {...mutationState(format)}
      onSubmit={() =>
        format.mutate(
          { drives: (drives ?? []).map(driveKey), force },
          {
            onSuccess: ({ formatIssuesList }) => {
              close();
              if (formatIssuesList.length > 0) onIssues(formatIssuesList);
              else showSnackbar(t('storage.format.done', { count }));
            },
          },
        )
      }
    >
      <Text>{t('storage.format.message', { count })}</Text>
      <ScrollArea.Autosize mah="10rem">
        <List size="sm" aria-label={t('storage.format.drives')}>
          {(drives ?? []).map((d) => (
            <List.Item key={driveKey(d)}>{driveKey(d)}</List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
      <Checkbox
        label={t('storage.format.force')}
        description={t('storage.format.forceHint')}
        checked={force}
        onChange={(event) => setForce(event.currentTarget.checked)}
      />
      <TextInput
        label={t('storage.format.confirmInput')}
        description={t('storage.format.typeToConfirm', { text: FORMAT_CONFIRM_TEXT })}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        autoComplete="off"
        data-autofocus
      />
    </FormDialog>
  );
}
