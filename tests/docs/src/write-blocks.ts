// Writes each TypeScript/JavaScript block to its own module under `.generated/<markdown file>/`, exactly as
// printed, followed by one line that imports the names it uses from its hidden prelude.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import type { CodeBlock } from './extract-blocks.js';

export interface WrittenBlock {
  readonly block: CodeBlock;
  /** The block's module (absolute path). */
  readonly path: string;
  /** Its prelude module (absolute path), when it has one. */
  readonly preludePath?: string;
}

/** `docs/guides/agents.md` → `docs__guides__agents`. */
export function slugOf(file: string): string {
  return file.replace(/\.md$/, '').replace(/[\\/]/g, '__');
}

/** Writes the runtime helpers and every block; returns where each block went. */
export function writeBlocks(generatedDir: string, runtimeDir: string, blocks: readonly CodeBlock[]): WrittenBlock[] {
  rmSync(generatedDir, { recursive: true, force: true });
  mkdirSync(generatedDir, { recursive: true });
  cpSync(runtimeDir, join(generatedDir, 'runtime'), { recursive: true });
  writeFileSync(join(generatedDir, 'package.json'), '{ "type": "module", "private": true }\n');
  const written: WrittenBlock[] = [];
  for (const block of blocks) {
    if (block.language === 'sh' || block.flags.skip !== undefined) continue;
    const dir = join(generatedDir, slugOf(block.file));
    mkdirSync(dir, { recursive: true });
    const extension = block.language === 'ts' ? 'ts' : 'mjs';
    const name = block.flags.file ?? `line-${String(block.line)}.${extension}`;
    const base = name.replace(/\.(ts|mts|js|mjs)$/, '');
    const path = join(dir, name);
    const preludeCode = [block.prelude, block.setup].filter((code) => code.trim() !== '').join('\n');
    const after = block.after.trim() === '' ? '' : `${block.after.trim()}\n`;
    if (preludeCode === '') {
      writeFileSync(path, `${block.code}${after}${isModule(block.code) ? '' : 'export {};\n'}`);
      written.push({ block, path });
      continue;
    }
    const preludePath = join(dir, `${base}.prelude.ts`);
    const prelude = splitPrelude(preludeCode.replace(/(['"])docs-test\1/g, "'../runtime/docs-test.js'"));
    writeFileSync(preludePath, prelude.module);
    const declared = new Set([...declaredNames(block.code), ...declaredNames(block.after)]);
    const needed = prelude.exports.filter((name) => !declared.has(name));
    const specifier = `./${base}.prelude.js`;
    const lines = [
      ...prelude.imports.map((declaration) => inheritedImport(declaration, declared)).filter((line) => line !== ''),
      // The bare import keeps the prelude (and the block's setup) running even when the block uses none of
      // its names: compilers drop a named import whose names are unused.
      `import '${specifier}';`,
      ...(needed.length > 0 ? [`import { ${needed.join(', ')} } from '${specifier}';`] : []),
    ];
    // Appended, so the block's lines keep their numbers; imports are hoisted, so the prelude runs first.
    writeFileSync(path, `${block.code}${lines.join('\n')}\n${after}`);
    written.push({ block, path, preludePath });
  }
  return written;
}

function parse(code: string): ts.SourceFile {
  return ts.createSourceFile('block.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

function isModule(code: string): boolean {
  return parse(code).statements.some(
    (statement) => ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) || ts.isExportAssignment(statement) || hasExport(statement),
  );
}

function hasExport(statement: ts.Statement): boolean {
  return ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
}

interface Prelude {
  /** The prelude's module: its code, exporting every top-level name it declares. */
  readonly module: string;
  /** The names it exports. */
  readonly exports: string[];
  /** Its import declarations: blocks inherit them, for the names they do not declare themselves. */
  readonly imports: ts.ImportDeclaration[];
}

/** A prelude's imports are inherited by the block; everything else it declares is exported to the block. */
function splitPrelude(code: string): Prelude {
  const source = parse(code);
  const exports: string[] = [];
  const unexported: string[] = [];
  const imports: ts.ImportDeclaration[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) imports.push(statement);
    else if (ts.isExportDeclaration(statement) && statement.exportClause !== undefined && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) exports.push(element.name.text);
    } else {
      const names = statementNames(statement);
      exports.push(...names);
      if (!hasExport(statement)) unexported.push(...names);
    }
  }
  const module = unexported.length > 0 ? `${code}\nexport { ${unexported.join(', ')} };\n` : `${code}\nexport {};\n`;
  return { module, exports, imports };
}

/** `declaration`, keeping only the names the block does not declare itself ('' when none is left). */
function inheritedImport(declaration: ts.ImportDeclaration, declared: ReadonlySet<string>): string {
  const clause = declaration.importClause;
  const from = declaration.moduleSpecifier.getText(declaration.getSourceFile());
  if (clause === undefined) return '';
  const typeOnly = clause.isTypeOnly ? 'type ' : '';
  const parts: string[] = [];
  if (clause.name !== undefined && !declared.has(clause.name.text)) parts.push(clause.name.text);
  const bindings = clause.namedBindings;
  if (bindings !== undefined && ts.isNamespaceImport(bindings) && !declared.has(bindings.name.text)) parts.push(`* as ${bindings.name.text}`);
  if (bindings !== undefined && ts.isNamedImports(bindings)) {
    const named = bindings.elements.filter((element) => !declared.has(element.name.text)).map((element) => element.getText(declaration.getSourceFile()));
    if (named.length > 0) parts.push(`{ ${named.join(', ')} }`);
  }
  if (parts.length === 0) return '';
  // A default or namespace import and named imports share one declaration; split them to stay valid.
  return parts.map((part) => `import ${typeOnly}${part} from ${from};`).join('\n');
}

/** Names a block declares or imports at its top level. */
function declaredNames(code: string): Set<string> {
  const names = new Set<string>();
  for (const statement of parse(code).statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name !== undefined) names.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings !== undefined && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
      if (bindings !== undefined && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.add(element.name.text);
    } else {
      for (const name of statementNames(statement)) names.add(name);
    }
  }
  return names;
}

function statementNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((declaration) => bindingNames(declaration.name));
  if (
    (ts.isFunctionDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement)) &&
    statement.name !== undefined
  ) {
    return [statement.name.text];
  }
  return [];
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}
