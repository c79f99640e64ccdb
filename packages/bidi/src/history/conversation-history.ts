import type { Message, Part, ToolResult } from '@tandem/core/spec';
import type { ToolCall } from '@tandem/core';
import { withMessageId } from '@tandem/core/runtime';

interface Entry {
  /** (Given an `id` as it is appended, when the history assigns ids.) */
  message: Message;
  /** Set on the tool message of a group, so replay can leave out results not yet delivered. */
  readonly groupId?: string;
  /** A user turn not yet handed to a connection: left out of a replay, since it is sent after it. */
  unsent?: boolean;
}

/** A user turn recorded before it was sent; pass it to {@link ConversationHistory.markSent}. @internal */
export type PendingUserTurn = object;

/**
 * The conversation as a core `Message[]`: sent text, final transcripts, tool calls and their results.
 * Transcript deltas are buffered per role until `final`. Every message added is passed to `added` (the
 * session store), in order; with `ids` (an agent with a context manager) each gets an `id` first. @internal
 */
export class ConversationHistory {
  private entries: Entry[];
  private snapshot: readonly Message[] | undefined;
  private readonly pending = { user: '', assistant: '' };

  constructor(
    initial: readonly Message[],
    private readonly added: (message: Message) => void = () => undefined,
    private readonly ids = false,
  ) {
    this.entries = initial.map((message) => ({ message }));
  }

  /** Puts `messages` (a stored conversation, loaded) before everything recorded so far. */
  prepend(messages: readonly Message[]): void {
    if (messages.length === 0) return;
    this.entries = [...messages.map((message) => ({ message })), ...this.entries];
    this.snapshot = undefined;
  }

  /** Replaces everything recorded with `messages` (a stored conversation, loaded again). */
  reset(messages: readonly Message[]): void {
    this.entries = messages.map((message) => ({ message }));
    this.snapshot = undefined;
  }

  /** The conversation so far (a new array whenever it changed). */
  get messages(): readonly Message[] {
    this.snapshot ??= this.entries.map((entry) => entry.message);
    return this.snapshot;
  }

  /** Records a message as it is (a context manager's `compaction`). */
  addRecord(message: Message): void {
    this.append({ message });
  }

  /** Records a user turn about to be sent; it stays out of replays until {@link markSent}. */
  addUser(parts: readonly Part[]): PendingUserTurn {
    this.flush('user');
    const entry: Entry = { message: { role: 'user', parts }, unsent: true };
    this.append(entry);
    return entry;
  }

  /** Marks a user turn as taken by a connection, so later replays include it. */
  markSent(turn: PendingUserTurn): void {
    (turn as Entry).unsent = false;
  }

  addAssistantText(text: string): void {
    this.flush('assistant');
    this.append({ message: { role: 'assistant', parts: [{ type: 'text', text }] } });
  }

  /** Buffers a transcript delta; on `final` appends the utterance. Returns true when a message was added. */
  addTranscript(role: 'user' | 'assistant', delta: string, final: boolean): boolean {
    this.pending[role] += delta;
    return final ? this.flush(role) : false;
  }

  /** Forgets the buffered transcript of `role` (a response an output guardrail cut: none of it is kept). */
  discard(role: 'user' | 'assistant'): void {
    this.pending[role] = '';
  }

  /** Appends any buffered transcript of `role`. Returns true when a message was added. */
  flush(role: 'user' | 'assistant'): boolean {
    const text = this.pending[role];
    this.pending[role] = '';
    if (text.trim().length === 0) return false;
    this.append({ message: { role, parts: [{ type: 'text', text }] } });
    return true;
  }

  addToolCalls(calls: readonly ToolCall[]): void {
    this.append({
      message: {
        role: 'assistant',
        parts: calls.map((call) => ({
          type: 'tool-call' as const,
          toolCallId: call.toolCallId,
          toolName: call.toolName,
          toolArgs: call.toolArgs,
          ...(call.input === undefined ? {} : { input: call.input }),
        })),
      },
    });
  }

  addToolResults(groupId: string, results: readonly ToolResult[]): void {
    this.append({
      groupId,
      message: {
        role: 'tool',
        parts: results.map((result) => ({
          type: 'tool-result' as const,
          toolCallId: result.toolCallId,
          toolName: result.toolName,
          status: result.status,
          result: result.result,
          modelInput: result.modelInput,
        })),
      },
    });
  }

  /** The history to replay on a new connection, without the results of groups in `undelivered`. */
  replay(undelivered: ReadonlySet<string>): Message[] {
    return this.entries
      .filter((entry) => entry.unsent !== true && (entry.groupId === undefined || !undelivered.has(entry.groupId)))
      .map((entry) => entry.message);
  }

  private append(entry: Entry): void {
    if (this.ids) entry.message = withMessageId(entry.message);
    this.entries.push(entry);
    this.snapshot = undefined;
    this.added(entry.message);
  }
}
