import { invokedAs } from '../demo/invoked-as.js';
import { runDemo } from '../demo/run-demo.js';
import { ExitCode } from '../errors/exit-code.js';
import type { GlobalOptions } from '../options.js';
import { painter, useColor } from '../output/color.js';
import { onInterrupt } from './interrupts.js';

/**
 * `tandem demo`: the offline showcase — a concurrent group on a timeline, a streaming tool, an MCP tool
 * and the stop tool — always on the offline demo model, in a few seconds.
 */
export async function demoCommand(options: GlobalOptions): Promise<ExitCode> {
  const controller = new AbortController();
  const release = onInterrupt(controller);
  try {
    const outcome = await runDemo({ write: (text) => process.stdout.write(text), paint: painter(useColor(process.stdout, options)), command: invokedAs() }, controller.signal);
    return outcome === 'cancelled' ? ExitCode.interrupted : ExitCode.ok;
  } finally {
    release();
  }
}
