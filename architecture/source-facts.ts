import path from 'node:path';
import ts from 'typescript';

/**
 * Facts read from our source with TypeScript's parser (comments are not code): the value a
 * constant is written with, where a name is used, and the texts written in a file. The spec
 * conformance test asks these of the files that must use the spec's messages and constants.
 */

/** What a constant's value could not be read as (a call, a computed value). */
export const UNREADABLE = Symbol('unreadable');
export type Value = string | number | boolean | null | Value[] | { [key: string]: Value } | typeof UNREADABLE;

export function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, scriptKind(file));
}

function scriptKind(file: string): ts.ScriptKind {
  return file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
}

/** Spec texts and code texts compared alike: every placeholder ({n}, {label}, ${x}) reads {}. */
export function normalizeMessage(text: string): string {
  return text.replace(/\{[^{}]*\}/g, '{}');
}

/**
 * The file's top-level constants with what they are written as; a function declaration whose body
 * is one return counts as that expression (a message built from its parameters).
 */
function topLevelConstants(source: ts.SourceFile): Map<string, ts.Expression> {
  const constants = new Map<string, ts.Expression>();
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name && statement.body) {
      const only = statement.body.statements[0];
      const returned =
        statement.body.statements.length === 1 && only && ts.isReturnStatement(only)
          ? only.expression
          : undefined;
      constants.set(statement.name.text, returned ?? ts.factory.createIdentifier('undefined'));
    }
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer) {
        constants.set(declaration.name.text, declaration.initializer);
      }
    }
  }
  return constants;
}

function propertyName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

/** The value of an expression made of literals (and the file's own constants), else UNREADABLE. */
function evaluate(expression: ts.Expression, constants: Map<string, ts.Expression>, depth = 0): Value {
  if (depth > 20) return UNREADABLE;
  const next = (e: ts.Expression) => evaluate(e, constants, depth + 1);
  if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression))
    return expression.text;
  if (ts.isTemplateExpression(expression)) {
    return expression.head.text + expression.templateSpans.map((span) => `{}${span.literal.text}`).join('');
  }
  if (ts.isNumericLiteral(expression)) return Number(expression.text.replace(/_/g, ''));
  if (expression.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (expression.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (expression.kind === ts.SyntaxKind.NullKeyword) return null;
  if (
    ts.isParenthesizedExpression(expression) ||
    ts.isAsExpression(expression) ||
    ts.isSatisfiesExpression(expression) ||
    ts.isTypeAssertionExpression(expression)
  ) {
    return next(expression.expression);
  }
  if (ts.isPrefixUnaryExpression(expression) && expression.operator === ts.SyntaxKind.MinusToken) {
    const value = next(expression.operand);
    return typeof value === 'number' ? -value : UNREADABLE;
  }
  if (ts.isBinaryExpression(expression)) {
    const left = next(expression.left);
    const right = next(expression.right);
    if (
      typeof left === 'string' &&
      typeof right === 'string' &&
      expression.operatorToken.kind === ts.SyntaxKind.PlusToken
    )
      return left + right;
    if (typeof left !== 'number' || typeof right !== 'number') return UNREADABLE;
    switch (expression.operatorToken.kind) {
      case ts.SyntaxKind.PlusToken:
        return left + right;
      case ts.SyntaxKind.MinusToken:
        return left - right;
      case ts.SyntaxKind.AsteriskToken:
        return left * right;
      case ts.SyntaxKind.SlashToken:
        return left / right;
      default:
        return UNREADABLE;
    }
  }
  if (ts.isArrayLiteralExpression(expression)) return expression.elements.map((e) => next(e));
  if (ts.isObjectLiteralExpression(expression)) {
    const object: { [key: string]: Value } = {};
    for (const property of expression.properties) {
      if (ts.isPropertyAssignment(property)) {
        const key = propertyName(property.name);
        if (key === undefined) return UNREADABLE;
        object[key] = next(property.initializer);
      } else if (ts.isShorthandPropertyAssignment(property)) {
        object[property.name.text] = next(property.name);
      } else {
        return UNREADABLE;
      }
    }
    return object;
  }
  // A message built from its parameters: the text its body gives, parameters as {}.
  if (ts.isArrowFunction(expression) || ts.isFunctionExpression(expression)) {
    if (ts.isBlock(expression.body)) {
      const only = expression.body.statements[0];
      return expression.body.statements.length === 1 && only && ts.isReturnStatement(only) && only.expression
        ? next(only.expression)
        : UNREADABLE;
    }
    return next(expression.body);
  }
  if (ts.isIdentifier(expression)) {
    const own = constants.get(expression.text);
    return own ? next(own) : UNREADABLE;
  }
  if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression)) {
    const owner = constants.get(expression.expression.text);
    const value = owner ? next(owner) : UNREADABLE;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value[expression.name.text] ?? UNREADABLE)
      : UNREADABLE;
  }
  return UNREADABLE;
}

/**
 * The value of a top-level constant of the file ('NAME'), or of one of its properties
 * ('NAME.key'); undefined when the file declares no such constant.
 */
export function constantValue(source: ts.SourceFile, dottedName: string): Value | undefined {
  const [name, ...keys] = dottedName.split('.');
  const constants = topLevelConstants(source);
  const initializer = name === undefined ? undefined : constants.get(name);
  if (!initializer) return undefined;
  let value = evaluate(initializer, constants);
  for (const key of keys) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || !(key in value))
      return undefined;
    value = value[key] as Value;
  }
  return value;
}

/** An identifier that names something here rather than using it (its declaration, an import, a key). */
function isNotAUse(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (
    ts.isImportSpecifier(parent) ||
    ts.isExportSpecifier(parent) ||
    ts.isImportClause(parent) ||
    ts.isNamespaceImport(parent)
  ) {
    return true;
  }
  if ((ts.isVariableDeclaration(parent) || ts.isFunctionDeclaration(parent)) && parent.name === node)
    return true;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node)
    return true;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return true;
  return false;
}

/** How many times the file uses a name ('NAME') or one of its properties ('NAME.key'). */
export function usesOf(source: ts.SourceFile, dottedName: string): number {
  const [name, key] = dottedName.split('.');
  let count = 0;
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === name && !isNotAUse(node)) {
      if (key === undefined) count += 1;
      else {
        const parent = node.parent;
        if (ts.isPropertyAccessExpression(parent) && parent.expression === node && parent.name.text === key)
          count += 1;
        if (
          ts.isElementAccessExpression(parent) &&
          parent.expression === node &&
          ts.isStringLiteral(parent.argumentExpression) &&
          parent.argumentExpression.text === key
        ) {
          count += 1;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return count;
}

/** The file's imports: each imported name with the module it comes from (as written). */
export function importsOf(source: ts.SourceFile): { name: string; from: string }[] {
  const imports: { name: string; from: string }[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements)
        imports.push({ name: (element.propertyName ?? element.name).text, from });
    }
  }
  return imports;
}

/**
 * The repository file an import specifier names: relative to the importing file, or a domain
 * package path ('@parity/domain/x' is packages/domain/src/x.ts).
 */
export function resolveImport(
  fromFile: string,
  specifier: string,
  exists: (file: string) => boolean,
): string | null {
  let base: string;
  if (specifier.startsWith('@parity/domain/'))
    base = `packages/domain/src/${specifier.slice('@parity/domain/'.length)}`;
  else if (specifier.startsWith('.'))
    base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  else return null;
  return [`${base}.ts`, `${base}.tsx`, base].find(exists) ?? null;
}

/** Every text written in the file: string and template literals (placeholders as {}), JSX text. */
export function textsOf(source: ts.SourceFile): Set<string> {
  const texts = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) texts.add(node.text);
    else if (ts.isJsxText(node) && node.text.trim()) texts.add(node.text.trim().replace(/\s+/g, ' '));
    else if (ts.isTemplateExpression(node)) {
      texts.add(node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join(''));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}
