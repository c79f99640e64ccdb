// Finds import circles among the TypeScript sources of every package and app, type-only imports included
// (`import type`, `export type … from`): eslint's `import-x/no-cycle` skips those, yet a circle of types is
// still two files that cannot be understood, moved or split apart one without the other.
// Usage: node scripts/check-import-cycles.mjs [--exclude <dir>]…   (exits 1 and lists each circle found)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Every package is checked (`--exclude <dir>` leaves a folder out while it is being rebuilt).
const excludes = [];
for (let i = 2; i < process.argv.length; i += 1) if (process.argv[i] === '--exclude') excludes.push(process.argv[++i]);

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '__fixtures__']);

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIP_DIRS.has(name)) out.push(...sourceFiles(path));
    } else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The repository file a relative specifier names (`./x.js` → `./x.ts`), or undefined. */
function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, join(base, 'index.ts')]) {
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function importsOf(file) {
  const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return info.importedFiles.map((ref) => resolveSpecifier(file, ref.fileName)).filter((target) => target !== undefined);
}

/** Strongly connected components with more than one file, or a file importing itself (Tarjan). */
function circles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indexOf = new Map();
  const low = new Map();
  const found = [];
  const visit = (node) => {
    indexOf.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

const roots = ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(root, group)).map((name) => join(root, group, name)).filter((dir) => statSync(dir).isDirectory()),
);
const graph = new Map();
for (const pkg of roots) {
  for (const sub of ['src', 'server', 'web']) {
    const dir = join(pkg, sub);
    if (!existsSync(dir) || excludes.some((excluded) => dir.startsWith(join(root, excluded)))) continue;
    for (const file of sourceFiles(dir)) graph.set(file, importsOf(file).filter((target) => !excludes.some((excluded) => target.startsWith(join(root, excluded)))));
  }
}
const found = circles(graph);
if (found.length > 0) {
  console.error(`Import circles (type-only imports included) — ${found.length}:`);
  for (const component of found) console.error(`  ${component.map((file) => relative(root, file)).join(' ↔ ')}`);
  process.exit(1);
}
console.log(`No import circles in ${graph.size} files${excludes.length === 0 ? '' : ` (excluded: ${excludes.join(', ')})`}.`);
