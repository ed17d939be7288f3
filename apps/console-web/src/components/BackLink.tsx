import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A "Back To …" link of the Settings slides (spec 002 §2.1): an arrow and the label. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4}>
        <IconArrowLeft size="1rem" aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}
