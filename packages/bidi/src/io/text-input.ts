import type { Interface } from 'node:readline';
import { requireNodeBuiltin } from '@tandem/core/runtime';
import type { BidiInput } from '@tandem/core/spec';
import type { BidiAgentInput, BidiInputEnd } from '../bidi-agent-input.js';

/**
 * Options of {@link textInput}. @example `textInput({ input: Readable.from(['hello\n']) })`
 *
 * @category Inputs and outputs
 */
export interface TextInputOptions {
  /** Where lines come from (default `process.stdin`). */
  readonly input?: NodeJS.ReadableStream;
}

/**
 * Terminal input: every non-empty line is sent as a user text turn; end of input (Ctrl-D, end of a pipe)
 * ends this input (`complete`).
 *
 * @example
 * ```ts
 * await agent.run({ inputs: [textInput()], outputs: [textOutput()] });
 * // tests: textInput({ input: Readable.from(['Set a timer for 5 seconds\n']) })
 * ```
 *
 * @category Inputs and outputs
 */
export function textInput(options: TextInputOptions = {}): BidiAgentInput {
  let lines: Interface | undefined;
  let iterator: AsyncIterator<string> | undefined;
  const open = (): AsyncIterator<string> => {
    if (iterator === undefined) {
      // node:readline is loaded on first read (not imported): the package's main entry bundles for browsers.
      const { createInterface } = requireNodeBuiltin('node:readline', 'textInput()');
      const input = options.input ?? terminal().stdin;
      lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
      iterator = lines[Symbol.asyncIterator]();
    }
    return iterator;
  };
  return {
    async read(signal: AbortSignal): Promise<BidiInput | BidiInputEnd> {
      const lineIterator = open();
      for (;;) {
        const next = await abortable(lineIterator.next(), signal);
        if (next.done === true) return { type: 'end', reason: 'complete' };
        const text = next.value.trim();
        if (text.length > 0) return { type: 'text', text };
      }
    },
    stop(): void {
      lines?.close();
    },
  };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The process's standard streams (Node, Deno, Bun); browsers and workerd have none. */
function terminal(): NodeJS.Process {
  const runtime = (globalThis as { process?: NodeJS.Process }).process;
  if (runtime === undefined) throw new TypeError('textInput() reads a terminal, which this runtime does not have; pass `input`, or use webSocketIO() in a browser.');
  return runtime;
}
