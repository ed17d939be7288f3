import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../theme/tokens.js';

/** Spec 000 §4/§9: the error banner hides itself after 10 s, paused while hovered. */
export const ERROR_BANNER_TIMEOUT_MS = 10_000;

export interface DisplayError {
  message: string;
  details?: string | undefined;
}

interface ErrorBannerProps {
  error: DisplayError | null | undefined;
  /** Given: closable and hides itself after the spec's timeout. Absent: stays (page-level failures). */
  onClose?: () => void;
}

/** A banner titled 'Error' with the message and an expandable 'Details' section. */
export function ErrorBanner({ error, onClose }: ErrorBannerProps) {
  const { t } = useTranslation();
  const [hovered, setHovered] = useState(false);

  // Restarts on every new error and on mouse leave; hovering clears the timer.
  useEffect(() => {
    if (!error || !onClose || hovered) return;
    const timer = setTimeout(onClose, ERROR_BANNER_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [error, hovered, onClose]);

  if (!error) return null;
  return (
    <Alert
      color={tokens.intent.danger}
      variant="light"
      title={t('common.error')}
      icon={<IconAlertCircle aria-hidden />}
      withCloseButton={onClose !== undefined}
      closeButtonLabel={t('common.close')}
      onClose={onClose}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <Text size="sm">{error.message}</Text>
      {error.details && (
        <details>
          <summary>{t('common.details')}</summary>
          <Text size="sm" c="dimmed">
            {error.details}
          </Text>
        </details>
      )}
    </Alert>
  );
}
