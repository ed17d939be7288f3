import { notifications } from '@mantine/notifications';

/** Spec 000 §4/§9: the snackbar hides after 10 s for errors and 5 s for everything else. */
export const SNACKBAR_MS = { info: 5_000, error: 10_000 } as const;

export type SnackbarType = keyof typeof SNACKBAR_MS;

/** Shows a snackbar message; errors carry their details below the message. */
export function showSnackbar(message: string, type: SnackbarType = 'info', details?: string): void {
  notifications.show({
    message: details ? `${message}: ${details}` : message,
    color: type === 'error' ? 'red' : undefined,
    autoClose: SNACKBAR_MS[type],
    withBorder: true,
  });
}
