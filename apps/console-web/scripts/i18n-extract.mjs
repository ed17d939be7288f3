#!/usr/bin/env node
// Translation workflow report (report only, exits 0): keys the code uses that English lacks, and
// English keys no code uses. Reads the TypeScript AST of apps/console-web/src; a key built at run
// time (`t(\`nav.${id}\`)`) counts as using every key under its literal prefix.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const EN = join(SRC, 'i18n', 'en');

function files(dir, keep) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? files(path, keep) : keep(path) ? [path] : [];
  });
}

const parse = (path) =>
  ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );

const nameOf = (name) =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined;
const unwrap = (e) =>
  ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e)
    ? unwrap(e.expression)
    : e;

/** Dotted keys of an English area's object literal (its top-level keys are the text groups). */
function keysOf(object, prefix, out) {
  for (const p of object.properties) {
    if (!ts.isPropertyAssignment(p)) continue;
    const key = nameOf(p.name);
    if (key === undefined) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const value = unwrap(p.initializer);
    if (ts.isObjectLiteralExpression(value)) keysOf(value, path, out);
    else out.add(path);
  }
  return out;
}

const english = new Set();
for (const path of files(EN, (p) => p.endsWith('.ts'))) {
  ts.forEachChild(parse(path), function visit(node) {
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const value = unwrap(node.initializer);
      if (ts.isObjectLiteralExpression(value)) keysOf(value, '', english);
    }
    ts.forEachChild(node, visit);
  });
}
const base = (key) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const englishBases = new Set([...english].map(base));

const used = new Map(); // key → first place it is used
const prefixes = new Set();
const literals = new Set();
const isT = (callee) =>
  (ts.isIdentifier(callee) && callee.text === 't') ||
  (ts.isPropertyAccessExpression(callee) && callee.name.text === 't');
const code = files(
  SRC,
  (p) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p) && !p.startsWith(join(SRC, 'i18n')),
);
for (const path of code) {
  const sf = parse(path);
  ts.forEachChild(sf, function visit(node) {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.add(node.text);
    if (ts.isCallExpression(node) && isT(node.expression) && node.arguments[0]) {
      const arg = node.arguments[0];
      const where = `${relative(SRC, path)}:${sf.getLineAndCharacterOfPosition(arg.getStart(sf)).line + 1}`;
      if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) {
        if (!used.has(arg.text)) used.set(arg.text, where);
      } else if (ts.isTemplateExpression(arg) && arg.head.text) prefixes.add(arg.head.text);
    }
    ts.forEachChild(node, visit);
  });
}

const isSubtree = (key) => [...english].some((k) => k.startsWith(`${key}.`));
const missing = [...used].filter(([key]) => !englishBases.has(key) && !isSubtree(key));
const unused = [...english].filter(
  (key) =>
    !used.has(base(key)) &&
    !literals.has(key) &&
    !literals.has(base(key)) &&
    ![...prefixes].some((p) => key.startsWith(p)) &&
    ![...used.keys()].some((u) => key.startsWith(`${u}.`)),
);

console.log(
  `English keys: ${english.size}; keys used literally: ${used.size}; dynamic prefixes: ${prefixes.size}`,
);
console.log(`\nUsed in code but missing in English (${missing.length}):`);
for (const [key, where] of missing) console.log(`  ${key}  (${where})`);
console.log(`\nIn English but used by no code (${unused.length}; some may be reached through data):`);
for (const key of unused) console.log(`  ${key}`);
