/**
 * The repository's import graph, read with TypeScript's own pre-processor: static imports, `export
 * ... from`, type-only imports and dynamic `import()` with a literal specifier all count as edges.
 * Only relative specifiers are followed (packages are leaves). Used by the structure test and by
 * `ARCHITECTURE.md`'s rules.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export const ROOT = resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', 'data', 'dist', '.git', 'test']);

/** Every source module of the product (tests excluded), as repository-relative paths. */
export function sourceFiles(dir = ROOT): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name) || name.startsWith('.')) continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|js)$/.test(name) && !name.endsWith('.d.ts')) out.push(relative(ROOT, full));
  }
  return out.sort();
}

export type Edge = { from: string; to: string; kind: 'static' | 'type' | 'dynamic' };

/** The relative imports of one module. */
export function importsOf(file: string): Edge[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const info = ts.preProcessFile(text, true, true);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false);
  const typeOnly = new Set<string>();
  const dynamic = new Set<string>();
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const isType = ts.isImportDeclaration(node) ? node.importClause?.isTypeOnly === true : node.isTypeOnly;
      if (isType) typeOnly.add(node.moduleSpecifier.text);
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      if (arg && ts.isStringLiteralLike(arg)) dynamic.add(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const edges: Edge[] = [];
  for (const { fileName } of info.importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const to = relative(ROOT, resolve(ROOT, dirname(file), fileName));
    const kind = dynamic.has(fileName) ? 'dynamic' : typeOnly.has(fileName) ? 'type' : 'static';
    edges.push({ from: file, to, kind });
  }
  return edges;
}

export function importGraph(files = sourceFiles()): Map<string, Edge[]> {
  return new Map(files.map((f) => [f, importsOf(f)]));
}

/** Strongly connected groups of more than one module (or a module importing itself): the cycles. */
export function cycles(graph: Map<string, Edge[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const strong = (v: string): void => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const { to } of graph.get(v) ?? []) {
      if (!graph.has(to)) continue;
      if (!indices.has(to)) {
        strong(to);
        low.set(v, Math.min(low.get(v)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(v, Math.min(low.get(v)!, indices.get(to)!));
    }
    if (low.get(v) === indices.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      const selfLoop = (graph.get(v) ?? []).some((e) => e.to === v);
      if (group.length > 1 || selfLoop) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) strong(v);
  return groups;
}
