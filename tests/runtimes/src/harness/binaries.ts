import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The platform package (an optional dependency of the npm wrapper) that ships the native binary. */
function platformBinary(wrapper: string, packages: Partial<Record<string, string>>, file: string): string {
  const key = `${process.platform}-${process.arch}`;
  const name = packages[key];
  if (name === undefined) throw new Error(`tests/runtimes: no ${wrapper} binary for ${key}; supported: ${Object.keys(packages).join(', ')}.`);
  const fromWrapper = createRequire(require.resolve(`${wrapper}/package.json`));
  return join(dirname(fromWrapper.resolve(`${name}/package.json`)), file);
}

/** Deno 2 from the `deno` npm package. */
export function denoBinary(): string {
  return platformBinary('deno', { 'linux-x64': '@deno/linux-x64-glibc', 'linux-arm64': '@deno/linux-arm64-glibc', 'darwin-arm64': '@deno/darwin-arm64', 'darwin-x64': '@deno/darwin-x64' }, 'deno');
}

/** Bun 1 from the `bun` npm package. */
export function bunBinary(): string {
  return platformBinary('bun', { 'linux-x64': '@oven/bun-linux-x64', 'linux-arm64': '@oven/bun-linux-aarch64', 'darwin-arm64': '@oven/bun-darwin-aarch64', 'darwin-x64': '@oven/bun-darwin-x64' }, 'bin/bun');
}

/** workerd from the `workerd` npm package. */
export function workerdBinary(): string {
  return platformBinary('workerd', { 'linux-x64': '@cloudflare/workerd-linux-64', 'linux-arm64': '@cloudflare/workerd-linux-arm64', 'darwin-arm64': '@cloudflare/workerd-darwin-arm64', 'darwin-x64': '@cloudflare/workerd-darwin-64' }, 'bin/workerd');
}

/** Debian's Chromium (never a downloaded build). */
export const CHROMIUM = process.env.TANDEM_CHROMIUM ?? '/usr/bin/chromium';
