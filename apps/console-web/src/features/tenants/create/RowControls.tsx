import { ActionIcon, Button, Group } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';

// The add and remove controls of the wizard's repeatable rows (users, user DNs, labels,
// certificates). Remove is disabled on the last row: spec §4 ignores that removal.

export function RemoveRowButton({
  label,
  onlyRow,
  onClick,
}: {
  label: string;
  onlyRow: boolean;
  onClick: () => void;
}) {
  return (
    <ActionIcon variant="subtle" size="lg" mb={2} aria-label={label} disabled={onlyRow} onClick={onClick}>
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
}

export function AddRowButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Group>
      <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onClick}>
        {label}
      </Button>
    </Group>
  );
}
