import '@mantine/core/styles.css';
import { Button, Checkbox, MantineProvider, Popover, Stack } from '@mantine/core';
import { LoadingMessage } from '@stowage/console-web/components/LoadingMessage';
import { i18n } from '@stowage/console-web/i18n';
import { cssVariablesResolver } from '@stowage/console-web/theme/tokens';
import { IconColumns } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';

/**
 * The Mantine parts the table's screens use around it whichever table draws the rows (the
 * selection checkboxes, the Shown Columns popover, Loading...): in every page, so that the
 * bundle delta is the table's own code.
 */
function Surroundings() {
  return (
    <Stack hidden>
      <Checkbox aria-label="select" />
      <Popover>
        <Popover.Target>
          <Button leftSection={<IconColumns size="1rem" aria-hidden />}>columns</Button>
        </Popover.Target>
      </Popover>
      <LoadingMessage />
    </Stack>
  );
}

/** What every page of the benchmark shares (and what its bundle delta is measured against). */
export function mount(table: ReactNode) {
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');
  createRoot(root).render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider cssVariablesResolver={cssVariablesResolver}>
        <Surroundings />
        {table}
      </MantineProvider>
    </I18nextProvider>,
  );
}
