import { Checkbox, ScrollArea, Stack, Text } from '@mantine/core';

interface ChecklistProps {
  label: string;
  options: readonly string[];
  value: string[];
  onChange: (value: string[]) => void;
  empty: string;
}

/** A labelled, scrollable list of checkboxes: groups or policies to pick. */
export function Checklist({ label, options, value, onChange, empty }: ChecklistProps) {
  return (
    <Checkbox.Group label={label} value={value} onChange={onChange}>
      {options.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="12rem" mt="xs">
          <Stack gap="xs">
            {options.map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Checkbox.Group>
  );
}
