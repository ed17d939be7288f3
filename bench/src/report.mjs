// Writes one benchmark's section into BENCHMARKS.md, between markers, keeping the others.
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

const FILE = new URL('../../BENCHMARKS.md', import.meta.url);
const HEADER = `# Benchmarks

Figures are ratios against a peer or a limit measured in the same run on the same machine, so
that they survive a noisy machine. Run \`npm run bench\` to refresh every section; each section
says when and where it was measured.
`;

export function machine() {
  return `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export function writeSection(id, markdown) {
  let text;
  try {
    text = readFileSync(FILE, 'utf8');
  } catch {
    text = HEADER;
  }
  const begin = `<!-- bench:${id}:begin -->`;
  const end = `<!-- bench:${id}:end -->`;
  const block = `${begin}\n${markdown.trim()}\n${end}`;
  const re = new RegExp(`${begin}[\\s\\S]*?${end}`);
  text = re.test(text) ? text.replace(re, block) : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(FILE, text);
}

/** The middle value (the mean of the two middle ones for an even count). */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
