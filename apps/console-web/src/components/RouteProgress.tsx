import { Progress } from '@mantine/core';
import { useIsFetching } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore, useStore } from '../lib/externalStore.js';
import { tokens } from '../theme/tokens.js';

// How many screens are waiting for their code (Suspense fallbacks mounted right now).
const pendingChunks = createStore(0);

/** Rendered as a Suspense fallback: counts as loading for the bar while it is mounted. */
export function ChunkPending() {
  useEffect(() => {
    pendingChunks.set(pendingChunks.get() + 1);
    return () => pendingChunks.set(pendingChunks.get() - 1);
  }, []);
  return null;
}

/**
 * Spec 000 §2: a thin bar across the top while a screen loads: its code (a lazy chunk) or a
 * query that has no data yet. Refetches of data already shown do not light it, so screens that
 * poll do not flicker.
 */
export function RouteProgress() {
  const { t } = useTranslation();
  const firstLoads = useIsFetching({ predicate: (query) => query.state.status === 'pending' });
  const chunks = useStore(pendingChunks);
  if (firstLoads === 0 && chunks === 0) return null;
  return (
    <Progress.Root size={3} radius={0} pos="fixed" top={0} left={0} right={0} style={{ zIndex: 1000 }}>
      {/* indeterminate: a progressbar without a value */}
      <Progress.Section
        value={100}
        animated
        color={tokens.color.accent}
        withAria={false}
        role="progressbar"
        aria-label={t('common.loadingScreen')}
      />
    </Progress.Root>
  );
}
