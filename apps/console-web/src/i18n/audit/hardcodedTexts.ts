import ts from 'typescript';

/** Props whose text a user reads or hears; a literal here bypasses translation. */
export const USER_VISIBLE_PROPS = new Set([
  'title',
  'label',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'description',
  'alt',
  'error',
  'message',
  'tooltip',
  'confirmLabel',
  'cancelLabel',
  'emptyText',
  'nothingFoundMessage',
]);

/**
 * Literal texts that are not language: brand and protocol names, units and identifiers shown as
 * they are in every language. Anything without a letter (symbols, numbers, punctuation) passes anyway.
 */
export const ALLOWED_TEXTS = new Set([
  'Stowage', // brand
  'MinIO', // product name
  'S3',
  'JSON',
  'YAML',
  'CSV',
  'ARN',
  'ETag',
  'SUBNET',
  'Esc', // the key's name on the keyboard, as the key cap reads
  'B',
  'KiB',
  'MiB',
  'GiB',
  'TiB',
  'PiB',
  'Ki',
  'Mi',
  'Gi',
  'Ti',
  'Pi',
  'ms',
  's',
]);

export interface HardcodedText {
  file: string;
  line: number;
  text: string;
  where: string;
}

const hasLetter = (text: string) => /\p{L}/u.test(text);
// One word with code punctuation (`play.example.com:9000`, `minio/minio:VERSION`, `a_b`) is an
// example value, not language.
const looksLikeCode = (text: string) => !/\s/.test(text.trim()) && /[.:/@=_{}]/.test(text);
const isText = (text: string) => hasLetter(text) && !ALLOWED_TEXTS.has(text.trim()) && !looksLikeCode(text);

/** The literal parts of an expression a prop or child shows as is: `'x'`, `` `x` ``, `` `x ${y}` ``, `c ? 'a' : 'b'`. */
function literalTexts(node: ts.Expression): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
  if (ts.isConditionalExpression(node))
    return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    return literalTexts(node.right);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return literalTexts(node.right);
  if (ts.isParenthesizedExpression(node)) return literalTexts(node.expression);
  return [];
}

/** JSX text children and literal user-visible props of one .tsx file that do not go through t(). */
export function findHardcodedTexts(file: string, source: string): HardcodedText[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: HardcodedText[] = [];
  const report = (node: ts.Node, text: string, where: string) =>
    found.push({
      file,
      line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
      text: text.trim(),
      where,
    });

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && isText(node.text)) report(node, node.text, 'text');
    else if (ts.isJsxExpression(node) && node.expression && ts.isJsxElement(node.parent)) {
      for (const text of literalTexts(node.expression)) if (isText(text)) report(node, text, 'text');
    } else if (ts.isJsxAttribute(node) && USER_VISIBLE_PROPS.has(node.name.getText(sf)) && node.initializer) {
      const init = node.initializer;
      const texts = ts.isStringLiteral(init)
        ? [init.text]
        : ts.isJsxExpression(init) && init.expression
          ? literalTexts(init.expression)
          : [];
      for (const text of texts) if (isText(text)) report(node, text, node.name.getText(sf));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
