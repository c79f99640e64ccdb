// A scripted Nova Sonic conversation on the loopback server: it reassembles the client's input content
// blocks (contentStart / textInput | toolResult / contentEnd) and answers complete interactive USER text
// blocks and TOOL result blocks with output events, the way the model would. Test-only.
import { NovaCompletion, type NovaWireEvent } from './nova-sonic-output.js';
import { eventName, type NovaServerStream, type ReceivedNovaEvent } from './nova-sonic-server.js';

/** A TOOL result block the client sent. */
export interface ReceivedToolResult {
  readonly toolUseId: string;
  readonly content: string;
}

/** How the scripted model answers; return the output events to send (or nothing). */
export interface NovaScript {
  /** A complete interactive USER text block (typed input, or results carried over after a reconnect). */
  onUserText?(text: string, turn: NovaCompletion, stream: NovaServerStream): readonly NovaWireEvent[] | undefined;
  /** A complete TOOL result block. */
  onToolResult?(result: ReceivedToolResult, turn: NovaCompletion, stream: NovaServerStream): readonly NovaWireEvent[] | undefined;
}

interface OpenBlock {
  readonly type: string;
  readonly role: string;
  readonly interactive: boolean;
  readonly toolUseId: string | undefined;
  text: string;
}

let streamCount = 0;

/** Makes `stream` answer per `script`; each stream is one completion (`cmp-<n>`, started with the first answer). */
export function runNovaScript(stream: NovaServerStream, script: NovaScript): void {
  let turn: NovaCompletion | undefined;
  const blocks = new Map<string, OpenBlock>();
  const completion = (): NovaCompletion => {
    if (turn === undefined) {
      turn = new NovaCompletion(stream.promptName, `cmp-${String(++streamCount)}`);
      stream.send(...turn.start());
    }
    return turn;
  };
  stream.onEvent = (received: ReceivedNovaEvent) => {
    const name = eventName(received);
    const body = received.event[name]!;
    const contentName = String(body['contentName']);
    if (name === 'contentStart') {
      const config = body['toolResultInputConfiguration'] as { toolUseId?: string } | undefined;
      blocks.set(contentName, {
        type: String(body['type']),
        role: String(body['role']),
        interactive: body['interactive'] === true,
        toolUseId: config?.toolUseId,
        text: '',
      });
    } else if (name === 'textInput' || name === 'toolResult') {
      const block = blocks.get(contentName);
      if (block !== undefined) block.text += String(body['content']);
    } else if (name === 'contentEnd') {
      const block = blocks.get(contentName);
      blocks.delete(contentName);
      if (block === undefined) return;
      let answer: readonly NovaWireEvent[] | undefined;
      if (block.type === 'TEXT' && block.role === 'USER' && block.interactive) answer = script.onUserText?.(block.text, completion(), stream);
      if (block.type === 'TOOL' && block.toolUseId !== undefined) {
        answer = script.onToolResult?.({ toolUseId: block.toolUseId, content: block.text }, completion(), stream);
      }
      if (answer !== undefined && answer.length > 0) stream.send(...answer);
    }
  };
}
