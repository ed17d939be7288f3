import { Box, Progress } from '@mantine/core';
import { useState } from 'react';
import { getBasePath } from '../../api/basePath.js';
import { tokens } from '../../theme/tokens.js';

/** Spec 002 §7: a page of the tenant served through the operator's hop proxy, under the base path. */
export function proxiedUrl(namespace: string, tenant: string, page: string): string {
  return `${getBasePath()}/api/proxy/${encodeURIComponent(namespace)}/${encodeURIComponent(tenant)}/${page}`;
}

interface ProxiedFrameProps {
  src: string;
  /** The frame's accessible name. */
  title: string;
  /** The loading bar's accessible name. */
  loadingLabel: string;
  height: string;
}

/**
 * Spec 002 §2.4: the embedded frame shows a loading bar until it has loaded. Its key is its
 * source, so a new source (or a refresh's cache-busting one) starts the bar again.
 */
export function ProxiedFrame({ src, title, loadingLabel, height }: ProxiedFrameProps) {
  const [loadedSrc, setLoadedSrc] = useState<string | undefined>();
  const loading = loadedSrc !== src;
  return (
    <Box pos="relative">
      {loading && (
        <Progress
          value={100}
          animated
          striped
          size="sm"
          aria-label={loadingLabel}
          color={tokens.color.accent}
          pos="absolute"
          top={0}
          left={0}
          right={0}
        />
      )}
      <iframe
        key={src}
        src={src}
        title={title}
        onLoad={() => setLoadedSrc(src)}
        style={{ width: '100%', height, border: 0, display: 'block' }}
      />
    </Box>
  );
}
