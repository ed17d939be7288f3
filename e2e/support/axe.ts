import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFile(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** What axe measured on the first node (colours and ratio for contrast). */
  summary?: string;
}

/**
 * Runs axe-core (WCAG 2 A and AA rules) on the page once its finite transitions have ended:
 * a dialog still fading out would otherwise be measured at half opacity. `only` runs just the
 * named rules instead (e.g. AAA's color-contrast-enhanced for the high-contrast theme).
 */
export async function axeViolations(page: Page, only?: { rules: string[] }): Promise<AxeViolation[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  // Evaluated rather than injected as a <script>: the console's CSP forbids inline scripts.
  await page.evaluate(await AXE_SOURCE);
  return page.evaluate(async (rules) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: {
              id: string;
              impact: string | null;
              help: string;
              nodes: { target: string[]; any: { message: string }[] }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: rules
        ? { type: 'rule', values: rules }
        : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
      summary: v.nodes[0]?.any[0]?.message,
    }));
  }, only?.rules);
}
