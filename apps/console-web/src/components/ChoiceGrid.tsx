import { Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { BackLink } from './BackLink.js';

export interface Choice {
  key: string;
  /** Where choosing it leads. */
  to: string;
  title: string;
  description?: string;
}

/**
 * The middle slide of a Settings "add" flow (spec 002 §2.1): a back link, a heading and a grid
 * of choices, each a link to its form.
 */
export function ChoiceGrid({
  back,
  title,
  label,
  choices,
  columns,
}: {
  back: { to: string; label: string };
  title: string;
  /** The list's accessible name. */
  label: string;
  choices: readonly Choice[];
  /** Columns at the widest breakpoint. */
  columns: number;
}) {
  return (
    <Stack>
      <BackLink to={back.to} label={back.label} />
      <Title order={2} size="h3">
        {title}
      </Title>
      <SimpleGrid
        component="ul"
        aria-label={label}
        cols={{ base: 1, sm: 2, lg: columns }}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {choices.map((choice) => (
          <li key={choice.key}>
            <UnstyledButton component={Link} to={choice.to} w="100%">
              <Paper withBorder p="lg">
                <Text fw={600}>{choice.title}</Text>
                {choice.description !== undefined && (
                  <Text size="sm" c="dimmed">
                    {choice.description}
                  </Text>
                )}
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
