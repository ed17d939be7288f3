import { Group, Text } from '@mantine/core';
import { seriesColor } from './seriesColor.js';

/** Series names with their colours, and each one's reading when given. */
export function Legend({ items }: { items: readonly { name: string; value?: string }[] }) {
  return (
    <Group gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Group key={item.name} gap={6} component="li" wrap="nowrap">
          <span
            aria-hidden
            style={{ width: 10, height: 10, borderRadius: 2, background: seriesColor(item.name) }}
          />
          <Text size="xs">
            {item.name}
            {item.value !== undefined && `: ${item.value}`}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
