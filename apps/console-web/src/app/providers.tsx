import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '../theme/display.css';
// Sets high contrast and reduced motion on <html> before the first paint.
import '../theme/display.js';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { DirectionSync } from '../i18n/DirectionSync.js';
import { i18n } from '../i18n/index.js';
import { colorSchemeManager, theme } from '../theme/theme.js';
import { cssVariablesResolver } from '../theme/tokens.js';

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

/** Everything the app needs above the router: texts, theme, server-state cache. */
export function Providers({ queryClient, children, env = 'default' }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider>
        <DirectionSync />
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="light"
          env={env}
        >
          <Notifications />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
