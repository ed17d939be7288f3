import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Screens take colours from theme/tokens.ts only (semantic, light and dark). This reads the
// source of features, shared components and the app shell and names each raw colour it finds.

const SRC = join(__dirname, '..');
const PALETTE =
  'red|pink|grape|violet|indigo|blue|cyan|teal|green|lime|yellow|orange|gray|grey|dark|black|white';

const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'a Mantine palette variable', pattern: /var\(--mantine-color-(?!dimmed\))/ },
  { name: 'a hex colour', pattern: /['"`]#[0-9a-fA-F]{3,8}\b/ },
  { name: 'an rgb()/hsl() colour', pattern: /\b(rgba?|hsla?)\(/ },
  {
    name: 'a palette name as a colour prop',
    pattern: new RegExp(`\\b(color|c|bg|fill|stroke)=["'](${PALETTE})(\\.\\d)?["']`),
  },
  {
    name: 'a palette name in a colour expression',
    pattern: new RegExp(`\\b(color|c|bg|fill|stroke)(=\\{|:)[^}\\n]*['"](${PALETTE})(\\.\\d)?['"]`),
  },
  {
    name: 'a palette name returned as a colour',
    pattern: new RegExp(`return ['"](${PALETTE})(\\.\\d)?['"]`),
  },
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function rawColours(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      RULES.filter((rule) => rule.pattern.test(line)).map((rule) => `line ${i + 1}: ${rule.name}`),
    );
}

describe('theme tokens only', () => {
  it('recognises each kind of raw colour (the rule can fail)', () => {
    expect(rawColours('<Alert color="red">')).toHaveLength(1);
    expect(rawColours("<Button color={danger ? 'red.6' : undefined}>")).toHaveLength(1);
    expect(rawColours("style={{ color: 'var(--mantine-color-gray-6)' }}")).toHaveLength(1);
    expect(rawColours("const c = '#1f6f35';")).toHaveLength(1);
    expect(rawColours("bg={'rgb(0, 0, 0)'}")).toHaveLength(1);
    expect(rawColours("  return 'yellow';")).toHaveLength(1);
    expect(rawColours('<Text c="dimmed">')).toEqual([]);
    expect(rawColours('<Alert color={tokens.intent.danger}>')).toEqual([]);
    expect(rawColours("health_status: 'green',")).toEqual([]);
  });

  it('features, components and the app shell use no raw palette colour', () => {
    const found = ['features', 'components', 'app'].flatMap((folder) =>
      sources(join(SRC, folder)).flatMap((file) =>
        rawColours(readFileSync(file, 'utf8')).map((where) => `${relative(SRC, file)} ${where}`),
      ),
    );
    expect(found).toEqual([]);
  });
});
