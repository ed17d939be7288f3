import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../theme/tokens.js';

/**
 * A screen's code that could not be fetched: after a new release the old chunk names are gone
 * (or the network dropped). Browsers word it differently; React.lazy keeps the rejection, so
 * only a reload helps.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** A change (the path) clears a shown error, so leaving a broken screen works. */
  resetKey?: string;
  /** Reloads the page; the browser's reload unless a test says otherwise. */
  onReload?: () => void;
}

interface BoundaryState {
  error: unknown;
}

/**
 * Catches what a screen throws while rendering (its own bug, or its code failing to load) and
 * shows what happened with a Reload button instead of a blank page.
 */
export class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error('unknown error') };
  }

  override componentDidUpdate(previous: BoundaryProps): void {
    if (this.state.error !== undefined && previous.resetKey !== this.props.resetKey)
      this.setState({ error: undefined });
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // For whoever opens the browser's console; the screen says it in words.
    console.error('screen failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <ScreenError
        error={this.state.error}
        onReload={this.props.onReload ?? (() => window.location.reload())}
      />
    );
  }
}

function ScreenError({ error, onReload }: { error: unknown; onReload: () => void }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <Alert
      role="alert"
      color={tokens.intent.danger}
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={chunk ? t('screenError.chunkTitle') : t('screenError.title')}
      maw={720}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{chunk ? t('screenError.chunkBody') : t('screenError.body')}</Text>
        {!chunk && detail && (
          <Code block aria-label={t('common.details')}>
            {detail}
          </Code>
        )}
        <Button leftSection={<IconRefresh size="1rem" aria-hidden />} onClick={onReload}>
          {t('screenError.reload')}
        </Button>
      </Stack>
    </Alert>
  );
}
