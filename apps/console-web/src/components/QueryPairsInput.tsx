import { Group, Input, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 001 §9: the query-pair builder emits its value 500 ms after the last change. */
export const PAIRS_DEBOUNCE_MS = 500;

type Pair = { key: string; value: string };

const parse = (text: string): Pair[] =>
  text
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const [key = '', ...rest] = p.split('=');
      return { key, value: rest.join('=') };
    });

/** Only complete pairs count, joined as key=value with & (spec 001 §5). */
export const joinPairs = (pairs: readonly Pair[]) =>
  pairs
    .filter((p) => p.key.trim() !== '' && p.value.trim() !== '')
    .map((p) => `${p.key.trim()}=${p.value.trim()}`)
    .join('&');

interface QueryPairsInputProps {
  label: string;
  /** key=value&… */
  initial: string;
  onChange: (value: string) => void;
}

/** Key/value rows; a new row appears only once the last one has both parts. */
export function QueryPairsInput({ label, initial, onChange }: QueryPairsInputProps) {
  const { t } = useTranslation();
  const [pairs, setPairs] = useState<Pair[]>(() => [...parse(initial), { key: '', value: '' }]);
  const emit = useDebouncedCallback((next: Pair[]) => onChange(joinPairs(next)), PAIRS_DEBOUNCE_MS);
  const edit = (index: number, part: keyof Pair, text: string) => {
    const next = pairs.map((p, i) => (i === index ? { ...p, [part]: text } : p));
    const last = next[next.length - 1];
    if (last && last.key.trim() !== '' && last.value.trim() !== '') next.push({ key: '', value: '' });
    setPairs(next);
    emit(next);
  };
  return (
    <Input.Wrapper label={label}>
      <Stack gap={6} mt={4}>
        {pairs.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in a list being typed
          <Group key={i} grow gap="xs">
            <TextInput
              aria-label={t('common.pairKey', { label, index: String(i + 1) })}
              placeholder={t('common.key')}
              value={p.key}
              onChange={(e) => edit(i, 'key', e.currentTarget.value)}
            />
            <TextInput
              aria-label={t('common.pairValue', { label, index: String(i + 1) })}
              placeholder={t('common.value')}
              value={p.value}
              onChange={(e) => edit(i, 'value', e.currentTarget.value)}
            />
          </Group>
        ))}
      </Stack>
    </Input.Wrapper>
  );
}
