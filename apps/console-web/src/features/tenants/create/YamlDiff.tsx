import { Box, ScrollArea } from '@mantine/core';
import { tokens } from '../../../theme/tokens.js';

/**
 * A unified diff of `after` against `before` (empty for a new object): lines only in `after` are
 * marked '+', only in `before` '−'. A longest-common-subsequence walk, fine for manifests.
 */
export function diffLines(before: string, after: string): { mark: ' ' | '+' | '-'; text: string }[] {
  const a = before === '' ? [] : before.replace(/\n$/, '').split('\n');
  const b = after === '' ? [] : after.replace(/\n$/, '').split('\n');
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: { mark: ' ' | '+' | '-'; text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push({ mark: ' ', text: a[i++]! });
      j++;
    } else if (j < b.length && (i >= a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!))
      out.push({ mark: '+', text: b[j++]! });
    else out.push({ mark: '-', text: a[i++]! });
  }
  return out;
}

const MARK_COLOUR = { '+': tokens.color.success, '-': tokens.color.danger, ' ': tokens.color.text } as const;

/** The diff as a read-only code block; added lines in the success colour with a '+'. */
export function YamlDiff({ before, after, label }: { before: string; after: string; label: string }) {
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Box
        component="pre"
        aria-label={label}
        tabIndex={0}
        m={0}
        p="sm"
        fz="xs"
        style={{
          border: `1px solid ${tokens.color.border}`,
          borderRadius: 4,
          background: tokens.color['bg-canvas'],
        }}
      >
        {diffLines(before, after).map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional and never reorder
          <Box component="div" key={index} data-mark={line.mark} style={{ color: MARK_COLOUR[line.mark] }}>
            {`${line.mark} ${line.text}`}
          </Box>
        ))}
      </Box>
    </ScrollArea.Autosize>
  );
}
