import { PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, mutationState } from '../../components/FormDialog.js';
import { showSnackbar } from '../../components/snackbar.js';
import { passwordProblemText } from '../users/userRules.js';
import { ownPasswordComplete, ownPasswordProblem } from './passwordRules.js';
import { useChangePassword } from './queries.js';

const EMPTY = { current: '', next: '', repeat: '' };

/** Change Password: the logged-in user's own, proven by the current one (spec 000 §5). */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(EMPTY);
  const change = useChangePassword();
  const problem = ownPasswordProblem(draft);
  const field = (name: keyof typeof EMPTY) => ({
    value: draft[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setDraft((d) => ({ ...d, [name]: value }));
    },
  });

  const close = () => {
    setDraft(EMPTY);
    change.reset();
    onClose();
  };

  return (
    <FormDialog
      opened={opened}
      title={t('account.changePasswordTitle')}
      onClose={close}
      onSubmit={() =>
        change.mutate(
          { current_secret_key: draft.current, new_secret_key: draft.next },
          {
            onSuccess: () => {
              close();
              showSnackbar(t('account.passwordChanged'));
            },
          },
        )
      }
      {...mutationState(change)}
      canSave={ownPasswordComplete(draft) && problem === undefined}
    >
      <PasswordInput
        label={t('account.currentPassword')}
        autoComplete="current-password"
        data-autofocus
        {...field('current')}
      />
      <PasswordInput
        label={t('account.newPassword')}
        autoComplete="new-password"
        error={problem === 'mismatch' ? undefined : passwordProblemText(t, problem)}
        {...field('next')}
      />
      <PasswordInput
        label={t('account.repeatPassword')}
        autoComplete="new-password"
        error={problem === 'mismatch' ? t('account.passwordsDontMatch') : undefined}
        {...field('repeat')}
      />
    </FormDialog>
  );
}
