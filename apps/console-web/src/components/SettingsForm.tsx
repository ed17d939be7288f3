import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ConsoleAction } from '@stowage/contract';
import type { ReactNode } from 'react';
import { BackLink } from './BackLink.js';
import { CanDo } from './Can.js';
import { type DisplayError, ErrorBanner } from './ErrorBanner.js';

/**
 * The last slide of a Settings "add" flow (spec 002 §2.1): its back links, a heading, the
 * fields, the server's error and a Save gated by the action it needs. Save submits only when
 * the form may be saved and nothing is in flight.
 */
export function SettingsForm({
  backLinks,
  title,
  subtitle,
  canSave,
  saving,
  error,
  onDismissError,
  onSave,
  save,
  children,
}: {
  backLinks: readonly { to: string; label: string }[];
  title: string;
  subtitle?: string;
  canSave: boolean;
  saving: boolean;
  error: DisplayError | null;
  onDismissError: () => void;
  onSave: () => void;
  save: { label: string; action: ConsoleAction };
  children: ReactNode;
}) {
  return (
    <Stack>
      <Group gap="lg">
        {backLinks.map((link) => (
          <BackLink key={link.to} to={link.to} label={link.label} />
        ))}
      </Group>
      <div>
        <Title order={2} size="h3">
          {title}
        </Title>
        {subtitle !== undefined && <Text c="dimmed">{subtitle}</Text>}
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave && !saving) onSave();
        }}
        style={{ maxWidth: '40rem' }}
      >
        <Stack>
          <ErrorBanner error={error} onClose={onDismissError} />
          {children}
          <Group justify="flex-end">
            <CanDo action={save.action}>
              <Button type="submit" disabled={!canSave} loading={saving}>
                {save.label}
              </Button>
            </CanDo>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
