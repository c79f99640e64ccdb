// The command-line entry Deno and Bun run: the config is the first argument, the report one JSON line.
import { runProgram, type ProgramConfig } from './program.js';

declare const Deno: { args: string[] } | undefined;
const args: string[] = typeof Deno === 'undefined' ? (globalThis as unknown as { process: { argv: string[] } }).process.argv.slice(2) : Deno.args;
const config = JSON.parse(args[0] ?? '{}') as ProgramConfig;
try {
  console.log(`TANDEM_REPORT ${JSON.stringify({ ok: true, report: await runProgram(config) })}`);
} catch (error) {
  console.log(`TANDEM_REPORT ${JSON.stringify({ ok: false, error: error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error) })}`);
}
