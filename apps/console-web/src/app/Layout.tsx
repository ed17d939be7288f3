import { AppShell } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { TransferPanel } from '../features/objects/TransferPanel.js';
import { layout } from '../theme/theme.js';
import { tokens } from '../theme/tokens.js';
import { CommandPalette } from './CommandPalette.js';
import { RestartBar } from './RestartBar.js';
import { isSidebarHidden } from './routeTable.js';
import { Sidebar } from './Sidebar.js';

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
        <RestartBar />
        <Outlet />
        {/* Uploads carry on while the user moves around: their panel is on every page. */}
        <TransferPanel />
      </AppShell.Main>
    </AppShell>
  );
}
