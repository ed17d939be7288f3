import { Button, Group, Title } from '@mantine/core';
import type { ConsoleAction } from '@stowage/contract';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { Link } from 'react-router';
import { CanDo } from './Can.js';
import { SearchBox } from './SearchBox.js';

/**
 * The head of a filterable Settings list (spec 002 §2.1): its title, the filter box, Refresh,
 * and the add link gated by the action it needs. The section's h1 is above, so the title is h2.
 */
export function ListToolbar({
  title,
  search,
  refresh,
  add,
}: {
  title: string;
  search: { label: string; value: string; onChange: (value: string) => void };
  refresh: { label: string; busy: boolean; onClick: () => void };
  add: { label: string; to: string; action: ConsoleAction };
}) {
  return (
    <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="md">
      <Title order={2} size="h3">
        {title}
      </Title>
      <Group gap="sm">
        <SearchBox label={search.label} value={search.value} onChange={search.onChange} />
        <Button
          variant="default"
          leftSection={<IconRefresh size="1rem" aria-hidden />}
          onClick={refresh.onClick}
          loading={refresh.busy}
        >
          {refresh.label}
        </Button>
        <CanDo action={add.action}>
          <Button component={Link} to={add.to} leftSection={<IconPlus size="1rem" aria-hidden />}>
            {add.label}
          </Button>
        </CanDo>
      </Group>
    </Group>
  );
}
