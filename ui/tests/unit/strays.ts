// Finds words a UI module puts into the DOM without going through i18n/: string literals (and
// template literals with letters in their fixed text) given to textContent, title, aria-label,
// placeholder..., as children of the DOM helpers (h, button, header, toast...) or of append /
// replaceChildren / createTextNode. Read by TypeScript's parser, so a string in a comment or a
// code passed to a function (t.choiceLabel(l, 'city')) is not one.
import ts from 'typescript';

/** Text that holds letters yet is no word of any language. */
const NOT_WORDS: ReadonlySet<string> = new Set([
  // the shape of a room code, in the LAN page's room field
  'ABCD',
]);

/** Properties and attributes whose value a player reads. */
const TEXT_PROPS: ReadonlySet<string> = new Set(['textContent', 'innerText', 'innerHTML', 'title', 'placeholder', 'alt', 'aria-label', 'ariaLabel', 'aria-description', 'aria-valuetext', 'label']);

/** Calls whose arguments (all, or those at the indexes) are text a player reads; h(tag, props, ...children) besides. */
const TEXT_CALLS: Readonly<Record<string, number[] | 'all'>> = {
  // dom.ts: button(label, props, icon), header(title, back, ...children)
  button: [0],
  header: [0],
  toast: [0],
  confirmDialog: [0, 1],
  alert: [0],
  confirm: [0],
  createTextNode: [0],
  append: 'all',
  prepend: 'all',
  replaceChildren: 'all',
  before: 'all',
  after: 'all',
  replaceWith: 'all',
};

export interface Stray {
  file: string;
  line: number;
  text: string;
  where: string;
}

const hasLetters = (s: string): boolean => /\p{L}/u.test(s);

/** The fixed texts of `e` that would reach the page: literals, through ?:, ??, || and +, and the fixed parts of templates. */
function literalTexts(e: ts.Expression): string[] {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e.text];
  if (ts.isTemplateExpression(e)) return [e.head.text, ...e.templateSpans.map((s) => s.literal.text), ...e.templateSpans.flatMap((s) => literalTexts(s.expression))];
  if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) return literalTexts(e.expression);
  if (ts.isConditionalExpression(e)) return [...literalTexts(e.whenTrue), ...literalTexts(e.whenFalse)];
  if (ts.isBinaryExpression(e) && [ts.SyntaxKind.PlusToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(e.operatorToken.kind))
    return [...literalTexts(e.left), ...literalTexts(e.right)];
  return [];
}

function propName(n: ts.PropertyName | ts.Expression): string | null {
  if (ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isPrivateIdentifier(n)) return n.text;
  return null;
}

/** The callee's last name: `h`, `append` (of `x.append`), `createTextNode`. */
function calleeName(c: ts.CallExpression | ts.NewExpression): string | null {
  const e = c.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return null;
}

function textArgs(c: ts.CallExpression, name: string): ts.Expression[] {
  const args = [...c.arguments];
  if (name === 'h') return args.slice(2);
  if (!Object.hasOwn(TEXT_CALLS, name)) return [];
  const which = TEXT_CALLS[name]!;
  return which === 'all' ? args : which.map((i) => args[i]).filter((a): a is ts.Expression => !!a);
}

/** The strays of one module's source. */
export function findStrays(file: string, source: string): Stray[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: Stray[] = [];
  const report = (e: ts.Expression, where: string): void => {
    for (const text of literalTexts(e))
      if (hasLetters(text) && !NOT_WORDS.has(text.trim())) out.push({ file, line: sf.getLineAndCharacterOfPosition(e.getStart()).line + 1, text, where });
  };
  const visit = (n: ts.Node): void => {
    // x.textContent = '...', x.title = `...`
    if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(n.left) && TEXT_PROPS.has(n.left.name.text))
      report(n.right, n.left.name.text);
    // { title: '...', 'aria-label': '...' } (the props and attrs of h and el)
    if (ts.isPropertyAssignment(n)) {
      const name = propName(n.name);
      if (name && TEXT_PROPS.has(name)) report(n.initializer, name);
    }
    if (ts.isCallExpression(n)) {
      const name = calleeName(n);
      // x.setAttribute('title', '...')
      if (name === 'setAttribute' && n.arguments.length === 2) {
        const attr = n.arguments[0]!;
        if (ts.isStringLiteral(attr) && TEXT_PROPS.has(attr.text)) report(n.arguments[1]!, attr.text);
      } else if (name) for (const a of textArgs(n, name)) report(a, `${name}()`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}
