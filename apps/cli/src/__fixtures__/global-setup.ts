// One tandem home folder (sessions, MCP tokens) for the whole test run, so no test touches the user's
// ~/.tandem; removed when the run ends, also after failures.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The TANDEM_HOME of CLI runs that do not set their own. */
    tandemHome: string;
  }
}

export default function setup(project: TestProject): () => void {
  const home = mkdtempSync(join(tmpdir(), 'tandem-cli-home-'));
  project.provide('tandemHome', home);
  return () => rmSync(home, { recursive: true, force: true });
}
