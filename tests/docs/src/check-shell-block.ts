// Checks the commands of a shell block against what exists: `tandem` subcommands and options against the
// built CLI's own `--help`, `@tandem/*` package names against the published workspace packages, and
// `pnpm run`/`pnpm --filter` scripts against the package.json files.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

interface CommandHelp {
  readonly options: ReadonlySet<string>;
  /** Options that take a value (the next word, unless given as `--x=value`). */
  readonly valueOptions: ReadonlySet<string>;
  readonly commands: ReadonlySet<string>;
}

interface PackageInfo {
  readonly name: string;
  readonly private: boolean;
  readonly scripts: ReadonlySet<string>;
  readonly bins: ReadonlySet<string>;
}

export class ShellChecker {
  private readonly helps = new Map<string, CommandHelp>();
  private readonly packages: ReadonlyMap<string, PackageInfo>;

  constructor(private readonly root: string) {
    this.packages = readPackages(root);
  }

  /** Problems found in `code` (empty when every command checks out). */
  check(code: string): string[] {
    const problems: string[] = [];
    for (const words of commands(code)) {
      try {
        this.checkCommand(words, problems);
      } catch (error) {
        problems.push(`${words.join(' ')}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return problems;
  }

  private checkCommand(words: readonly string[], problems: string[]): void {
    const [command, ...args] = stripEnv(words);
    if (command === undefined) return;
    if (command === 'tandem') return this.checkTandem(args, problems);
    if (command === 'npx') {
      const rest = args.filter((arg) => arg !== '-y' && arg !== '--yes');
      const [tool, ...toolArgs] = rest;
      if (tool === 'tandem' || tool === '@tandem/cli') return this.checkTandem(toolArgs, problems);
      if (tool !== undefined && /^pnpm(@|$)/.test(tool)) return this.checkPnpm(toolArgs, problems);
      if (tool?.startsWith('@tandem/') === true) this.checkPackageName(tool, problems);
      return;
    }
    if (command === 'npm' || command === 'pnpm' || command === 'yarn') {
      if (command === 'pnpm') return this.checkPnpm(args, problems);
      const [sub, ...rest] = args;
      if (sub === 'install' || sub === 'i' || sub === 'add') for (const arg of rest) if (!arg.startsWith('-')) this.checkPackageName(arg, problems);
      return;
    }
    if (command === 'node' && args[0] !== undefined && /^(apps|packages)\//.test(args[0]) && !existsSync(join(this.root, args[0]))) {
      // A built file of the repository: its source must exist (dist/ is built by the commands before it).
      const source = args[0].replace('/dist/', '/src/').replace(/\.js$/, '.ts');
      if (!existsSync(join(this.root, source)) && !existsSync(join(this.root, source.replace(/\.ts$/, '.tsx')))) {
        problems.push(`node ${args[0]}: no such file in the repository (nor ${source})`);
      }
    }
  }

  private checkPackageName(spec: string, problems: string[]): void {
    if (!spec.startsWith('@tandem/')) return;
    const name = spec.replace(/^(@tandem\/[^@]+)(@.*)?$/, '$1');
    const info = this.packages.get(name);
    if (info === undefined) problems.push(`${name}: no such package`);
    else if (info.private) problems.push(`${name}: a private package, it is not published`);
  }

  private checkPnpm(args: readonly string[], problems: string[]): void {
    let filter: string | undefined;
    const rest = [...args];
    while (rest.length > 0 && rest[0]!.startsWith('-')) {
      const flag = rest.shift()!;
      if (flag === '--filter' || flag === '-F') filter = rest.shift();
    }
    const [sub, ...subArgs] = rest;
    if (sub === undefined) return;
    if (sub === 'add' || sub === 'install' || sub === 'i') {
      for (const arg of subArgs) if (!arg.startsWith('-')) this.checkPackageName(arg, problems);
      return;
    }
    const script = sub === 'run' ? subArgs.find((arg) => !arg.startsWith('-')) : sub;
    const builtins = ['exec', 'dlx', 'pack', 'publish', 'turbo', 'changeset', 'install', 'test', 'approve-builds', 'why', 'list', 'ls', 'update', 'remove'];
    if (script === undefined || (builtins.includes(script) && sub !== 'run')) {
      return;
    }
    const target = filter === undefined ? this.packages.get('tandem-monorepo') : this.packages.get(filter.replace(/\.\.\.$/, ''));
    if (filter !== undefined && target === undefined && !filter.startsWith('./')) {
      problems.push(`pnpm --filter ${filter}: no such workspace package`);
      return;
    }
    if (target !== undefined && !target.scripts.has(script) && !target.bins.has(script)) problems.push(`pnpm ${sub === 'run' ? 'run ' : ''}${script}: ${target.name} has no such script`);
  }

  private checkTandem(args: readonly string[], problems: string[]): void {
    const path: string[] = [];
    let help = this.help(path);
    const options = new Set(help.options);
    const valueOptions = new Set(help.valueOptions);
    for (let index = 0; index < args.length; index++) {
      const arg = args[index]!;
      if (arg === '--') break;
      if (arg.startsWith('-')) {
        const flag = arg.split('=')[0]!;
        if (!options.has(flag)) problems.push(`tandem ${[...path, flag].join(' ')}: no such option`);
        if (valueOptions.has(flag) && !arg.includes('=')) index++;
        continue;
      }
      if (help.commands.has(arg)) {
        path.push(arg);
        help = this.help(path);
        for (const option of help.options) options.add(option);
        for (const option of help.valueOptions) valueOptions.add(option);
        continue;
      }
      if (help.commands.size > 0 && path.length === 0) {
        problems.push(`tandem ${arg}: no such command (commands: ${[...help.commands].join(', ')})`);
        return;
      }
      // Otherwise an argument of the command (a prompt, an id).
    }
  }

  private help(path: readonly string[]): CommandHelp {
    const key = path.join(' ');
    const known = this.helps.get(key);
    if (known !== undefined) return known;
    const bin = join(this.root, 'apps/cli/dist/bin.js');
    const text = execFileSync(process.execPath, [bin, ...path, '--help'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const parsed = parseHelp(text);
    this.helps.set(key, parsed);
    return parsed;
  }
}

/** Options and subcommands of a commander `--help` text. */
export function parseHelp(text: string): CommandHelp {
  const options = new Set<string>();
  const valueOptions = new Set<string>();
  const commands = new Set<string>();
  let section = '';
  for (const line of text.split('\n')) {
    const heading = /^(\w[\w ]*):\s*$/.exec(line);
    if (heading !== null) {
      section = heading[1]!;
      continue;
    }
    if (!line.startsWith('  ') || line.startsWith('    ')) continue;
    const entry = line.trim();
    if (section === 'Options') {
      const match = /^(?:(-\w), )?(--[\w-]+)( [<[])?/.exec(entry);
      if (match === null) continue;
      for (const flag of [match[1], match[2]]) {
        if (flag === undefined) continue;
        options.add(flag);
        if (match[3] !== undefined) valueOptions.add(flag);
      }
    } else if (section === 'Commands') {
      const name = /^([\w-]+)/.exec(entry)?.[1];
      if (name !== undefined && name !== 'help') commands.add(name);
    }
  }
  return { options, valueOptions, commands };
}

/** The commands of a shell snippet, each as words: lines joined at `\`, comments dropped, split at `&&`, `||`, `;`, `|`. */
export function commands(code: string): string[][] {
  const joined = code.replace(/\\\n/g, ' ');
  const result: string[][] = [];
  for (const line of joined.split('\n')) {
    let words: string[] = [];
    for (const token of tokenize(line)) {
      if (token === '&&' || token === '||' || token === ';' || token === '|' || token === '>' || token === '<') {
        if (words.length > 0) result.push(words);
        words = [];
        if (token === '>' || token === '<') words = ['#redirect'];
        continue;
      }
      words.push(token);
    }
    if (words.length > 0) result.push(words);
  }
  return result.filter((words) => words[0] !== '#redirect');
}

function tokenize(line: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let quote: string | undefined;
  let started = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index]!;
    if (quote !== undefined) {
      if (char === quote) quote = undefined;
      else current += char;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      started = true;
      continue;
    }
    if (char === '#' && !started && current === '') break; // a comment
    if (/\s/.test(char)) {
      if (started) tokens.push(current);
      current = '';
      started = false;
      continue;
    }
    const two = line.slice(index, index + 2);
    if (two === '&&' || two === '||') {
      if (started) tokens.push(current);
      tokens.push(two);
      current = '';
      started = false;
      index++;
      continue;
    }
    if (char === ';' || char === '|' || char === '>' || char === '<') {
      if (started) tokens.push(current);
      tokens.push(char);
      current = '';
      started = false;
      continue;
    }
    current += char;
    started = true;
  }
  if (started) tokens.push(current);
  return tokens;
}

function stripEnv(words: readonly string[]): string[] {
  let index = 0;
  while (index < words.length && /^[A-Z_][A-Z0-9_]*=/.test(words[index]!)) index++;
  return words.slice(index);
}

function readPackages(root: string): Map<string, PackageInfo> {
  const packages = new Map<string, PackageInfo>();
  const add = (dir: string): void => {
    const file = join(dir, 'package.json');
    if (!existsSync(file)) return;
    const json = JSON.parse(readFileSync(file, 'utf8')) as { name: string; private?: boolean; scripts?: object; bin?: string | object };
    const bins = typeof json.bin === 'object' ? Object.keys(json.bin) : [];
    packages.set(json.name, { name: json.name, private: json.private === true, scripts: new Set(Object.keys(json.scripts ?? {})), bins: new Set(bins) });
  };
  add(root);
  for (const group of ['packages', 'apps', 'tests']) for (const name of readdirSync(join(root, group))) add(join(root, group, name));
  return packages;
}
