// The markdown files whose code blocks are checked: the README files and the guides.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export function markdownFiles(root: string): string[] {
  const files = ['README.md'];
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(root, group)).sort()) {
      if (existsSync(join(root, group, name, 'README.md'))) files.push(`${group}/${name}/README.md`);
    }
  }
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (name === 'api') continue; // the generated API reference
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) files.push(relative(root, path));
    }
  };
  walk(join(root, 'docs'));
  return files;
}
