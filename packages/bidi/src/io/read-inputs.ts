import type { BidiAgentHandle } from '../bidi-agent-handle.js';
import type { BidiAgentInput } from '../bidi-agent-input.js';
import type { BidiSession } from '../session/bidi-session.js';
import { InputReader } from './run-io.js';

/**
 * Starts one reader per input of `run()`. An input that reports `client-disconnect` ends the conversation;
 * once every input has ended normally, the conversation ends when the agent is idle. @internal
 */
export function readInputs(session: BidiSession, inputs: readonly BidiAgentInput[], agent: BidiAgentHandle, into: InputReader[]): void {
  let remaining = inputs.length;
  for (const input of inputs) {
    const reader = new InputReader(session, input, agent);
    into.push(reader);
    void reader.done.then((ended) => {
      if (ended === 'client-disconnect') session.finish('client-disconnect');
      else if (ended === 'complete') {
        session.padding.inputEnded();
        if (--remaining === 0) session.endWhenIdle();
      }
    });
  }
}
