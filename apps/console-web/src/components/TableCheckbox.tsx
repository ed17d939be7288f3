import type { ChangeEvent } from 'react';
import { tokens } from '../theme/tokens.js';

const STYLE = {
  width: 18,
  height: 18,
  margin: 0,
  accentColor: tokens.color.accent,
  cursor: 'pointer',
} as const;

interface TableCheckboxProps {
  label: string;
  checked: boolean;
  /** Some rows but not all are selected (the header's box). */
  indeterminate?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/**
 * A table's selection box: the browser's own checkbox in the accent colour. A screen of rows
 * draws some thirty-five at once; Mantine's Checkbox (half a dozen components each), with the
 * rows' Box elements, took a third of the time from a folder's listing arriving to its rows
 * on screen.
 */
export function TableCheckbox({ label, checked, indeterminate, onChange }: TableCheckboxProps) {
  return (
    <input
      type="checkbox"
      className="mantine-focus-auto"
      style={STYLE}
      aria-label={label}
      checked={checked}
      // `indeterminate` is a property only, never an attribute; the rows never set it.
      ref={
        indeterminate === undefined
          ? undefined
          : (el) => {
              if (el) el.indeterminate = indeterminate;
            }
      }
      onChange={onChange}
    />
  );
}
