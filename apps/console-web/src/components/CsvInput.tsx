import { ActionIcon, Group, Input, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 000 §5: CSV list inputs emit their value 500 ms after the last keystroke. */
export const CSV_DEBOUNCE_MS = 500;

interface CsvInputProps {
  label: string;
  /** Comma-separated, as the server stores it. */
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  description?: string;
}

const split = (value: string) =>
  value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** One input per list item and always a blank one to add the next. */
export function CsvInput({ label, value, onChange, required, description }: CsvInputProps) {
  const { t } = useTranslation();
  const [items, setItems] = useState<string[]>(() => [...split(value), '']);
  const emit = useDebouncedCallback(
    (next: string[]) =>
      onChange(
        next
          .map((v) => v.trim())
          .filter(Boolean)
          .join(','),
      ),
    CSV_DEBOUNCE_MS,
  );

  // A new value from outside (the form loaded) replaces the items.
  useEffect(() => {
    setItems((current) =>
      split(value).join(',') === split(current.join(',')).join(',') ? current : [...split(value), ''],
    );
  }, [value]);

  const change = (index: number, text: string) => {
    const next = items.map((item, i) => (i === index ? text : item));
    if (next[next.length - 1] !== '') next.push('');
    setItems(next);
    emit(next);
  };
  const remove = (index: number) => {
    const next = items.filter((_, i) => i !== index);
    setItems(next);
    emit(next);
  };

  return (
    <Input.Wrapper label={label} required={required} description={description}>
      <Stack gap={6} mt={4}>
        {items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the items are positions in a list being typed
          <Group key={index} gap={4} wrap="nowrap">
            <TextInput
              aria-label={t('common.listItem', { label, index: String(index + 1) })}
              value={item}
              onChange={(event) => change(index, event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            {index < items.length - 1 && (
              <ActionIcon
                variant="subtle"
                onClick={() => remove(index)}
                aria-label={t('common.removeItem', { label, index: String(index + 1) })}
              >
                <IconX size="1rem" aria-hidden />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
    </Input.Wrapper>
  );
}
