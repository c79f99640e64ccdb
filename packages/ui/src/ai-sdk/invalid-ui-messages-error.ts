import { TandemError } from '@tandem/core';

const BRAND = Symbol.for('tandem.error.InvalidUIMessagesError');

/**
 * The messages a client sent are not AI SDK UI messages (`fromUIMessages` was given something else). A handler
 * answers it with `400 Bad Request`; `path` names the offending field, e.g. `messages[2].parts[0].type`.
 *
 * @example
 * ```ts
 * try {
 *   fromUIMessages(body.messages);
 * } catch (error) {
 *   if (InvalidUIMessagesError.isInstance(error)) return new Response(error.message, { status: 400 });
 *   throw error;
 * }
 * ```
 *
 * @category AI SDK UI
 */
export class InvalidUIMessagesError extends TandemError {
  /** Where in the messages the problem is, e.g. `messages[2].parts[0]`. */
  readonly path: string;
  declare private readonly [BRAND]: true;

  constructor(path: string, problem: string) {
    super('INVALID_UI_MESSAGES', { message: `${path}: ${problem}. Send the messages of useChat (UIMessage[]) as they are.` });
    this[BRAND] = true;
    this.name = 'InvalidUIMessagesError';
    this.path = path;
  }

  static override isInstance(error: unknown): error is InvalidUIMessagesError {
    return typeof error === 'object' && error !== null && BRAND in error;
  }
}
