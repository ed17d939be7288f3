import { PasswordInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, mutationState } from '../../components/FormDialog.js';
import { showSnackbar } from '../../components/snackbar.js';
import { userPasswordSavable } from '../account/passwordRules.js';
import { useChangeUserPassword } from '../account/queries.js';
import { PASSWORD_RULES, passwordProblem, passwordProblemText } from './userRules.js';

interface ChangeUserPasswordDialogProps {
  user: string;
  opened: boolean;
  onClose: () => void;
}

/** Change User Password: an administrator sets another user's password (spec 000 §5). */
export function ChangeUserPasswordDialog({ user, opened, onClose }: ChangeUserPasswordDialogProps) {
  const { t } = useTranslation();
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const change = useChangeUserPassword();
  const problem = passwordProblem(PASSWORD_RULES.userChange, next);
  const mismatch = repeat !== '' && repeat !== next;

  const close = () => {
    setNext('');
    setRepeat('');
    change.reset();
    onClose();
  };

  return (
    <FormDialog
      opened={opened}
      title={t('users.changePasswordTitle', { user })}
      onClose={close}
      onSubmit={() =>
        change.mutate(
          { selectedUser: user, newSecretKey: next },
          {
            onSuccess: () => {
              close();
              showSnackbar(t('users.passwordChanged', { user }));
            },
          },
        )
      }
      {...mutationState(change)}
      canSave={userPasswordSavable(next, repeat)}
    >
      <PasswordInput
        label={t('account.newPassword')}
        value={next}
        onChange={(e) => setNext(e.currentTarget.value)}
        error={passwordProblemText(t, problem)}
        autoComplete="new-password"
        data-autofocus
      />
      <PasswordInput
        label={t('account.repeatPassword')}
        value={repeat}
        onChange={(e) => setRepeat(e.currentTarget.value)}
        error={mismatch ? t('account.passwordsDontMatch') : undefined}
        autoComplete="new-password"
      />
    </FormDialog>
  );
}
