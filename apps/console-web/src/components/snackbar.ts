import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/index.js';
import { tokens } from '../theme/tokens.js';

/** Spec 000 §4/§9: the snackbar hides after 10 s for errors and 5 s for everything else. */
export const SNACKBAR_MS = { info: 5_000, error: 10_000 } as const;

export type SnackbarType = keyof typeof SNACKBAR_MS;

/** Shows a snackbar message; errors carry their details below the message. */
export function showSnackbar(message: string, type: SnackbarType = 'info', details?: string): void {
  notifications.show({
    message: details ? `${message}: ${details}` : message,
    color: type === 'error' ? tokens.intent.danger : undefined,
    autoClose: SNACKBAR_MS[type],
    withBorder: true,
    // Mantine's close button has no name of its own; screen readers need one.
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}
