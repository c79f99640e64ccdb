#!/usr/bin/env node
// The `tandem` command. It is a committed file (not dist/bin.js itself) so that a workspace install links
// it before the first build: from a clone, `npx tandem` works once the CLI is built.
try {
  await import('../dist/bin.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist/bin.js')) throw error;
  process.stderr.write('tandem: the CLI is not built yet. From the repository: npx -y pnpm@12.4.2 --silent run demo (or npx -y pnpm@12.4.2 run build).\n');
  process.exitCode = 1;
}
