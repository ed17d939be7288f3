import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LiveStatus } from '../api/liveStream.js';
import { tokens } from '../theme/tokens.js';

interface LiveStreamStatusProps {
  stream: {
    status: LiveStatus;
    running: boolean;
    message?: string | undefined;
    received: number;
    dropped: number;
    pending: number;
    paused: boolean;
    pause(): void;
    resume(): void;
  };
  /** Live lists offer Pause; one-shot streams (heal, diagnostics) do not. */
  pausable?: boolean;
}

// Outlined, in the semantic text colours: these hold AA contrast on the page in both schemes
// (Mantine's light badges, green on pale green, do not).
const COLOURS: Record<LiveStatus, string> = {
  idle: tokens.color['text-muted'],
  connecting: tokens.color.accent,
  open: tokens.color.success,
  reconnecting: tokens.color.warning,
  ended: tokens.color['text-muted'],
  failed: tokens.color.danger,
};

/**
 * The line every live screen shows above its list: the stream's state, what arrived, what the
 * row cap dropped, Pause/Resume, and why the stream ended when it ended badly.
 */
export function LiveStreamStatus({ stream, pausable = true }: LiveStreamStatusProps) {
  const { t } = useTranslation();
  if (stream.status === 'idle') return null;
  return (
    <>
      <Group gap="sm" aria-live="polite">
        <Badge color={COLOURS[stream.status]} variant="dot">
          {t(`live.status.${stream.status}`)}
        </Badge>
        <Text size="sm" c="dimmed">
          {t('live.received', { count: stream.received })}
        </Text>
        {stream.dropped > 0 && (
          <Text size="sm" c="dimmed">
            {t('live.dropped', { count: stream.dropped })}
          </Text>
        )}
        {stream.paused && stream.pending > 0 && (
          <Text size="sm" c="dimmed">
            {t('live.pending', { count: stream.pending })}
          </Text>
        )}
        {/* Resume stays offered after the stream ended: what arrived while paused must not be lost. */}
        {pausable && (stream.running || stream.paused) && (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={stream.paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
            onClick={stream.paused ? stream.resume : stream.pause}
          >
            {stream.paused ? t('live.resume') : t('live.pause')}
          </Button>
        )}
      </Group>
      {stream.message && (
        <Alert
          color={stream.status === 'reconnecting' ? tokens.intent.warning : tokens.intent.danger}
          variant="light"
          role="alert"
        >
          {stream.message}
        </Alert>
      )}
    </>
  );
}
