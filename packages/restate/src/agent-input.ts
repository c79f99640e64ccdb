import { TerminalError, type Serde } from '@restatedev/restate-sdk';
import { messageFromJson, userMessage, type Message } from '@tandem/core';
import { toJournal } from './journal-codec.js';

/**
 * The request body of a durable agent's `run` handler: one user message as a string, or messages. Over
 * HTTP, file bytes in messages are written as `messageToJson()` from `@tandem/core` writes them
 * (`{ "$tandem": "bytes", "base64": "…" }`); typed Restate clients do that for you.
 *
 * @example
 * ```ts
 * const body: RestateAgentInput = { input: [userMessage('Describe this.'), userMessage([{ type: 'file', mediaType: 'image/png', data: png }])] };
 * await fetch(`${ingress}/support/run`, { method: 'POST', body: JSON.stringify({ input: body.input.map(messageToJson) }) });
 * ```
 *
 * @category Durable agents
 */
export interface RestateAgentInput {
  readonly input: string | readonly Message[];
}

const INPUT_SCHEMA = {
  type: 'object',
  properties: {
    input: {
      description: 'A user message, or the messages to add to the conversation.',
      anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'object', required: ['role', 'parts'] } }],
    },
  },
  required: ['input'],
} as const;

/** JSON with bytes as base64, so `Message[]` with files survives a typed client call. @internal */
export const agentInputSerde: Serde<RestateAgentInput> = {
  contentType: 'application/json',
  jsonSchema: INPUT_SCHEMA,
  serialize: (value) => new TextEncoder().encode(JSON.stringify(toJournal(value))),
  deserialize(data) {
    try {
      return JSON.parse(new TextDecoder().decode(data)) as RestateAgentInput;
    } catch {
      throw badInput('the body is not JSON');
    }
  },
};

/** The messages a request adds to the conversation. @throws TerminalError (400) that says what to send. @internal */
export function inputMessages(body: unknown): Message[] {
  const input = typeof body === 'object' && body !== null ? (body as { input?: unknown }).input : undefined;
  if (typeof input === 'string') return [userMessage(input)];
  if (!Array.isArray(input)) throw badInput('"input" is missing or neither a string nor an array of messages');
  return input.map((message: unknown, index) => {
    try {
      return messageFromJson(message);
    } catch {
      throw badInput(`input[${index}] is not a message (an object with "role" and a "parts" array)`);
    }
  });
}

function badInput(problem: string): TerminalError {
  return new TerminalError(`Invalid request: ${problem}. Send { "input": "<user message>" } or { "input": [<messages>] }.`, { errorCode: 400 });
}
