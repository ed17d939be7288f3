import type { CSSVariablesResolver } from '@mantine/core';

/**
 * Semantic colour tokens, one value per scheme. Feature code reads them only through `tokens`
 * below, so a theme change is an edit here, never a hunt through screens.
 */
const semantic = {
  'bg-canvas': { light: 'var(--mantine-color-gray-0)', dark: 'var(--mantine-color-dark-8)' },
  'bg-surface': { light: 'var(--mantine-color-white)', dark: 'var(--mantine-color-dark-7)' },
  'bg-sidebar': { light: 'var(--mantine-color-white)', dark: 'var(--mantine-color-dark-7)' },
  border: { light: 'var(--mantine-color-gray-3)', dark: 'var(--mantine-color-dark-4)' },
  text: { light: 'var(--mantine-color-black)', dark: 'var(--mantine-color-dark-0)' },
  // Text colours hold WCAG AA contrast (4.5:1) on the canvas and surfaces of their scheme.
  'text-muted': { light: 'var(--mantine-color-gray-7)', dark: 'var(--mantine-color-dark-1)' },
  accent: { light: 'var(--mantine-color-stowage-9)', dark: 'var(--mantine-color-stowage-4)' },
  danger: { light: 'var(--mantine-color-red-9)', dark: 'var(--mantine-color-red-4)' },
  success: { light: '#1f6f35', dark: 'var(--mantine-color-green-4)' },
  warning: { light: '#8f5b00', dark: 'var(--mantine-color-yellow-4)' },
  // A highlighted column or card (the current plan), text keeps the `text` token's contrast.
  'highlight-bg': { light: 'var(--mantine-color-stowage-0)', dark: 'var(--mantine-color-dark-5)' },
  // Marked (highlighted) text: dark on yellow in both schemes.
  'mark-bg': { light: 'var(--mantine-color-yellow-2)', dark: 'var(--mantine-color-yellow-4)' },
  'mark-text': { light: 'var(--mantine-color-black)', dark: 'var(--mantine-color-black)' },
} as const;

type SemanticName = keyof typeof semantic;

const cssVar = (name: SemanticName) => `--stowage-color-${name}` as const;

export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, value] of Object.entries(semantic)) {
    light[cssVar(name as SemanticName)] = value.light;
    dark[cssVar(name as SemanticName)] = value.dark;
  }
  // Mantine's own "dimmed" text (descriptions, placeholders) gets the muted token's contrast.
  light['--mantine-color-dimmed'] = semantic['text-muted'].light;
  dark['--mantine-color-dimmed'] = semantic['text-muted'].dark;
  // Field messages (Mantine's "error" colour) get the danger token's contrast.
  light['--mantine-color-error'] = semantic.danger.light;
  dark['--mantine-color-error'] = semantic.danger.dark;
  return { variables: {}, light, dark };
};

/** `var(--stowage-color-…)` references for style props. */
export const tokens = {
  color: Object.fromEntries(
    Object.keys(semantic).map((name) => [name, `var(${cssVar(name as SemanticName)})`]),
  ) as {
    [K in SemanticName]: string;
  },
  /**
   * For Mantine components that derive a whole variant from a palette colour (Alert, Button,
   * Badge, notifications: background, border, text, hover): the screen names the intent, the
   * palette choice stays here. Mantine resolves each for light and dark.
   */
  intent: {
    danger: 'red',
    warning: 'yellow',
    info: 'blue',
    neutral: 'gray',
  },
} as const;

/** Spec 000 §9: nine series colours; a series keeps its colour by a hash of its name. */
export const CHART_PALETTE = [
  'var(--mantine-color-blue-6)',
  'var(--mantine-color-teal-6)',
  'var(--mantine-color-orange-6)',
  'var(--mantine-color-grape-6)',
  'var(--mantine-color-cyan-6)',
  'var(--mantine-color-lime-7)',
  'var(--mantine-color-pink-6)',
  'var(--mantine-color-indigo-6)',
  'var(--mantine-color-yellow-7)',
] as const;
