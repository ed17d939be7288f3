import { AppShell } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { lazy, Suspense, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../features/session/SessionProvider.js';
import { layout } from '../theme/theme.js';
import { tokens } from '../theme/tokens.js';
import { CommandPalette } from './CommandPalette.js';
import { RestartBar } from './RestartBar.js';
import { isSidebarHidden } from './routeTable.js';
import { Sidebar } from './Sidebar.js';
import { useShortcutsHelpOpen } from './shortcutsHelp.js';
import { useShortcuts } from './useShortcuts.js';

// Loaded after the first page: neither is needed to draw it.
const TransferPanel = lazy(() =>
  import('../features/objects/TransferPanel.js').then((m) => ({ default: m.TransferPanel })),
);
const ShortcutsDialog = lazy(() =>
  import('./ShortcutsDialog.js').then((m) => ({ default: m.ShortcutsDialog })),
);

/** Spec 000 §4: the sidebar open state is persisted locally. */
export const SIDEBAR_OPEN_KEY = 'sidebarOpen';

/** The authenticated shell: sidebar (nav), the page (main) and the uploads panel. */
export function Layout() {
  const { pathname } = useLocation();
  const [open, setOpen] = useLocalStorage({
    key: SIDEBAR_OPEN_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const hidden = isSidebarHidden(pathname);
  const session = useSession();
  const pages = session.status === 'authenticated' ? session.session.pages : undefined;
  useShortcuts(useMemo(() => new Set(pages), [pages]));
  const helpOpen = useShortcutsHelpOpen();

  return (
    <AppShell
      navbar={{
        width: open ? layout.sidebarWidthOpen : layout.sidebarWidthClosed,
        breakpoint: 0,
      }}
      disabled={hidden}
      padding="lg"
    >
      {!hidden && <Sidebar open={open} onToggle={() => setOpen((value) => !value)} />}
      <AppShell.Main bg={tokens.color['bg-canvas']}>
        <CommandPalette />
        <Suspense fallback={null}>{helpOpen && <ShortcutsDialog />}</Suspense>
        <RestartBar />
        <Outlet />
        {/* Uploads carry on while the user moves around: their panel is on every page. */}
        <Suspense fallback={null}>
          <TransferPanel />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
