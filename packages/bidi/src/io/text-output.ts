import type { BidiAgentOutput } from '../bidi-agent-output.js';
import type { BidiEvent } from '../bidi-event.js';

/**
 * Options of {@link textOutput}. @example `textOutput({ output: process.stderr, showTools: false })`
 *
 * @category Inputs and outputs
 */
export interface TextOutputOptions {
  /** Where text goes (default `process.stdout`). */
  readonly output?: NodeJS.WritableStream;
  /** Print tool calls and results (default true). */
  readonly showTools?: boolean;
  /** Print what the user said, from speech transcripts (default true). */
  readonly showUser?: boolean;
}

/**
 * Terminal output: streams the assistant's transcript as it is spoken, and prints user transcripts, tool
 * calls and results, calls waiting for approval (always, also with `showTools: false`), interruptions,
 * reconnects, errors and the end of the conversation. Audio and the events
 * of nested agents are ignored.
 * Honours the stream's back-pressure.
 *
 * @example
 * ```ts
 * await agent.run({ inputs: [textInput()], outputs: [textOutput({ showTools: false })] });
 * ```
 *
 * @category Inputs and outputs
 */
export function textOutput(options: TextOutputOptions = {}): BidiAgentOutput {
  const showTools = options.showTools ?? true;
  const showUser = options.showUser ?? true;
  let midLine = false;
  let user = '';

  const line = (text: string): string => {
    const prefix = midLine ? '\n' : '';
    midLine = false;
    return `${prefix}${text}\n`;
  };

  const render = (event: BidiEvent): string => {
    if (event.parentToolCallId !== undefined) return ''; // a nested agent's events: its tool call's result is shown
    switch (event.type) {
      case 'transcript':
        if (event.role === 'assistant') {
          let text = event.delta;
          if (text.length > 0) midLine = true;
          if (event.final && midLine) {
            text += '\n';
            midLine = false;
          }
          return text;
        }
        user += event.delta;
        if (!event.final) return '';
        {
          const said = user.trim();
          user = '';
          return showUser && said.length > 0 ? line(`you: ${said}`) : '';
        }
      case 'tool-end':
        return showTools ? line(`[tool ${event.toolCall.toolName} ${event.toolCall.toolArgs}]`) : '';
      case 'tool-approval-request':
        return line(`[tool ${event.toolName} waits for approval (call ${event.toolCallId}): ${describe(event.input)}]`);
      case 'tool-call-result':
        return showTools
          ? event.results.map((result) => line(`[tool ${result.toolName} ${result.status}: ${describe(result.result)}]`)).join('')
          : '';
      case 'barge-in':
        if (!midLine) return '';
        midLine = false;
        return ' …\n';
      case 'connection-restart':
        return line(`[reconnecting: ${event.reason}]`);
      case 'handoff':
        return line(`[${event.from} hands the call to ${event.to}]`);
      case 'error':
        return line(`[error${event.fatal ? ', fatal' : ''}: ${describe(event.error)}]`);
      case 'connection-close':
        return line(`[conversation ended: ${event.reason}]`);
      default:
        return '';
    }
  };

  return {
    async write(event) {
      const text = render(event);
      if (text.length === 0) return;
      const stream = options.output ?? (globalThis as { process?: NodeJS.Process }).process?.stdout;
      if (stream === undefined) throw new TypeError('textOutput() writes to a terminal, which this runtime does not have; pass `output`.');
      if (!stream.write(text)) await drained(stream);
    },
  };
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Resolves when `stream` drains — or closes or fails, so a dead terminal never hangs the agent. */
function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = (): void => {
      stream.removeListener('drain', done);
      stream.removeListener('close', done);
      stream.removeListener('error', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.once('error', done);
  });
}
