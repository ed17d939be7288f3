import { ActionIcon } from '@mantine/core';
import type { ConsoleAction } from '@stowage/contract';
import type { Icon } from '@tabler/icons-react';
import { tokens } from '../theme/tokens.js';
import { CanDo } from './Can.js';

/** A table row's icon button that changes something, gated by the IAM action it needs. */
export function RowAction({
  action,
  bucket,
  label,
  icon: Glyph,
  danger = false,
  disabled,
  onClick,
}: {
  action: ConsoleAction;
  bucket?: string;
  label: string;
  icon: Icon;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <CanDo action={action} bucket={bucket}>
      <ActionIcon
        variant="subtle"
        color={danger ? tokens.color.danger : undefined}
        disabled={disabled}
        onClick={onClick}
        aria-label={label}
      >
        <Glyph size="1.1rem" aria-hidden />
      </ActionIcon>
    </CanDo>
  );
}
