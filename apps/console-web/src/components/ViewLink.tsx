import { ActionIcon } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The row action that opens an item's own page: an eye icon named by `label`. */
export function ViewLink({ to, label }: { to: string; label: string }) {
  return (
    <ActionIcon variant="subtle" component={Link} to={to} aria-label={label}>
      <IconEye size="1.1rem" aria-hidden />
    </ActionIcon>
  );
}
