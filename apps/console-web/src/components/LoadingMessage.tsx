import { Group, Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 001 §2: after 3 s the message says it is slow; after 6 s it adds the seconds waited. */
export const SLOW_AFTER_MS = 3_000;
export const COUNT_AFTER_MS = 6_000;

/** Seconds since the component appeared, checked every second. */
function useElapsedSeconds(): number {
  const [started] = useState(() => Date.now());
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setElapsed(Date.now() - started), 1_000);
    return () => clearInterval(timer);
  }, [started]);
  return elapsed;
}

/** "Loading...", then "This operation is taking longer than expected..." and the seconds. */
export function LoadingMessage() {
  const { t } = useTranslation();
  const elapsed = useElapsedSeconds();
  return (
    <Group gap="sm" py="md" role="status" justify="center">
      <Loader size="sm" aria-hidden />
      <Text>{elapsed >= SLOW_AFTER_MS ? t('common.slow') : t('common.loadingText')}</Text>
      {elapsed >= COUNT_AFTER_MS && (
        <Text c="dimmed">{t('common.elapsed', { seconds: String(Math.floor(elapsed / 1000)) })}</Text>
      )}
    </Group>
  );
}
