import { waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';

/** The text of each cell of a row (role="cell" and role="columnheader" alike). */
export const rowTexts = (row: HTMLElement | undefined): (string | null)[] =>
  [...(row?.querySelectorAll('[role="cell"], [role="columnheader"]') ?? [])].map((cell) => cell.textContent);

/** Waits for a table of `count` body rows; the header's texts and each row's, top to bottom. */
export async function tableTexts(table: () => HTMLElement, count: number) {
  await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(count + 1));
  const [header, ...rows] = within(table()).getAllByRole('row');
  return { header: rowTexts(header), rows: rows.map(rowTexts) };
}
