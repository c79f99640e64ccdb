import type { AssistantPart } from '../spec/message/v1/message.js';
import type { LanguageModelV1 } from '../spec/language-model/v1/language-model-v1.js';
import type { ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { FinishReason, Usage } from '../spec/language-model/v1/usage.js';
import type { ProviderMetadata } from '../spec/shared/json.js';
import { IncompleteResponseError } from '../spec/errors/incomplete-response-error.js';
import type { ToolCall } from '../events/agent-event.js';
import type { TracedModel } from '../telemetry/telemetry.js';
import { StreamStart } from './stream-start.js';
import type { ModelCallTarget } from './model-call-target.js';

export type { ModelCallTarget } from './model-call-target.js';

/**
 * How one model call ended, with what arrived:
 * - `complete` — the response finished (`finish` part): its parts, calls, finish reason and usage;
 * - `aborted` — the run's signal aborted mid-response: what had arrived so far;
 * - `failed` — the provider threw or the stream ended without `finish`: the error, and what had arrived.
 * @internal
 */
export type ModelCallOutcome =
  | {
      readonly type: 'complete';
      readonly parts: readonly AssistantPart[];
      readonly calls: readonly ToolCall[];
      readonly finishReason: FinishReason;
      readonly usage: Usage;
      /** The model that answered (its `stream-start`). */
      readonly answeredBy: TracedModel;
    }
  | { readonly type: 'aborted'; readonly parts: readonly AssistantPart[]; readonly calls: readonly ToolCall[] }
  | { readonly type: 'failed'; readonly parts: readonly AssistantPart[]; readonly calls: readonly ToolCall[]; readonly error: unknown };

interface TextBlock {
  readonly kind: 'text' | 'reasoning';
  readonly blockId: string;
  text: string;
  providerMetadata: ProviderMetadata | undefined;
}

/**
 * Streams one model call, emitting model events as parts arrive, and returns how it ended as a value
 * (never throws). An abort ends it at once even when the provider ignores its signal. @internal
 */
export async function callModel(model: LanguageModelV1, request: ModelRequest, signal: AbortSignal, target: ModelCallTarget): Promise<ModelCallOutcome> {
  const { runId, step } = target;
  const blocks: Blocks = { text: new Map(), reasoning: new Map(), last: undefined };
  const slots: (AssistantPart | TextBlock)[] = [];
  const calls: ToolCall[] = [];
  let callIds: Set<string> | undefined;
  let finish: { finishReason: FinishReason; usage: Usage } | undefined;
  const start = new StreamStart(model, target);
  // One race for the whole response: an abort ends it at once even when the provider ignores its signal
  // (no per-part cost on the hot path); the abandoned loop stops at its next part.
  let rejectAborted: (reason: unknown) => void = () => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    rejectAborted = reject;
  });
  const onAbort = (): void => rejectAborted(signal.reason);
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  const consume = async (): Promise<void> => {
    for await (const part of model.stream(request, { signal })) {
      signal.throwIfAborted();
      start.see(part);
      switch (part.type) {
        case 'text-delta':
        case 'reasoning-delta': {
          const kind = part.type === 'text-delta' ? 'text' : 'reasoning';
          let block = blocks.last;
          if (block === undefined || block.kind !== kind || block.blockId !== part.blockId) {
            block = blocks[kind].get(part.blockId) ?? openBlock(kind, part.blockId, undefined, blocks, slots, target);
            blocks.last = block;
          }
          block.text += part.chunk;
          target.emit({ type: part.type, runId, step, blockId: part.blockId, chunk: part.chunk });
          break;
        }
        case 'text-start':
        case 'reasoning-start':
          openBlock(part.type === 'text-start' ? 'text' : 'reasoning', part.blockId, part.providerMetadata, blocks, slots, target);
          break;
        case 'text-end':
        case 'reasoning-end': {
          const kind = part.type === 'text-end' ? 'text' : 'reasoning';
          const block = blocks[kind].get(part.blockId);
          if (block !== undefined && part.providerMetadata !== undefined) {
            block.providerMetadata = { ...block.providerMetadata, ...part.providerMetadata };
          }
          target.emit({ type: part.type, runId, step, blockId: part.blockId });
          break;
        }
        case 'tool-start':
          target.emit({ type: 'tool-start', runId, step, toolCallId: part.toolCallId, toolName: part.toolName });
          break;
        case 'tool-delta':
          target.emit({ type: 'tool-delta', runId, step, toolCallId: part.toolCallId, chunk: part.chunk });
          break;
        case 'tool-end': {
          if (isDuplicateCall(part.toolCallId, part.toolName, (callIds ??= new Set()), target)) break;
          const input = parseArgs(part.toolArgs);
          const call: ToolCall =
            input === NOT_JSON
              ? { toolCallId: part.toolCallId, toolName: part.toolName, toolArgs: part.toolArgs }
              : { toolCallId: part.toolCallId, toolName: part.toolName, toolArgs: part.toolArgs, input };
          slots.push(toolCallPart(call, part.providerMetadata));
          calls.push(call);
          target.emit({ type: 'tool-end', runId, step, toolCall: call });
          target.onToolCall?.(call);
          break;
        }
        case 'builtin-tool-call':
          slots.push({ ...part });
          target.emit({ ...part, runId, step });
          break;
        case 'builtin-tool-result': {
          slots.push({ ...part });
          const { providerMetadata: _metadata, ...rest } = part;
          target.emit({ ...rest, runId, step });
          break;
        }
        case 'file':
          slots.push({ type: 'file', mediaType: part.mediaType, data: part.data });
          target.emit({ type: 'file', runId, step, mediaType: part.mediaType, data: part.data });
          break;
        case 'finish':
          finish = { finishReason: part.finishReason, usage: part.usage };
          break;
      }
    }
  };
  let failure: { error: unknown } | undefined;
  try {
    await Promise.race([consume(), aborted]);
  } catch (error) {
    failure = { error };
  } finally {
    signal.removeEventListener('abort', onAbort);
    start.ensure();
  }
  const parts = slots.map((slot) => (isBlock(slot) ? closeBlock(slot) : slot));
  if (signal.aborted) return { type: 'aborted', parts, calls };
  if (failure !== undefined) return { type: 'failed', parts, calls, error: failure.error };
  if (finish === undefined) return { type: 'failed', parts, calls, error: new IncompleteResponseError({ provider: model.provider }) };
  target.emit({ type: 'stream-end', runId, step, finishReason: finish.finishReason, usage: finish.usage });
  return { type: 'complete', parts, calls, finishReason: finish.finishReason, usage: finish.usage, answeredBy: start.model };
}

/**
 * A call id the provider already sent in this response: the call runs and is answered once, so the copy is
 * dropped (from the events that follow, the calls and the recorded message) with a `warning` event.
 */
function isDuplicateCall(toolCallId: string, toolName: string, seen: Set<string>, target: ModelCallTarget): boolean {
  if (!seen.has(toolCallId)) {
    seen.add(toolCallId);
    return false;
  }
  target.emit({
    type: 'warning',
    runId: target.runId,
    step: target.step,
    code: 'duplicate-tool-call',
    message: `The model sent tool call "${toolCallId}" (${toolName}) twice in one response; it runs and is answered once, so the copy was dropped.`,
  });
  return true;
}

interface Blocks {
  readonly text: Map<string, TextBlock>;
  readonly reasoning: Map<string, TextBlock>;
  /** The block the previous delta went to: consecutive deltas skip the map lookup. */
  last: TextBlock | undefined;
}

function openBlock(
  kind: 'text' | 'reasoning',
  blockId: string,
  providerMetadata: ProviderMetadata | undefined,
  blocks: Blocks,
  slots: (AssistantPart | TextBlock)[],
  target: ModelCallTarget,
): TextBlock {
  const block: TextBlock = { kind, blockId, text: '', providerMetadata };
  blocks[kind].set(blockId, block);
  blocks.last = block;
  slots.push(block);
  target.emit({ type: kind === 'text' ? 'text-start' : 'reasoning-start', runId: target.runId, step: target.step, blockId });
  return block;
}

function isBlock(slot: AssistantPart | TextBlock): slot is TextBlock {
  return 'blockId' in slot && !('type' in slot);
}

function closeBlock(block: TextBlock): AssistantPart {
  return block.providerMetadata === undefined
    ? { type: block.kind, text: block.text }
    : { type: block.kind, text: block.text, providerMetadata: block.providerMetadata };
}

/**
 * The message part of a call, as one literal of its own fields: a part spread together from others keeps
 * some fields out of the object (more bytes per part, and history holds every part).
 */
function toolCallPart(call: ToolCall, providerMetadata: ProviderMetadata | undefined): AssistantPart {
  const { toolCallId, toolName, toolArgs } = call;
  if (!('input' in call)) {
    return providerMetadata === undefined
      ? { type: 'tool-call', toolCallId, toolName, toolArgs }
      : { type: 'tool-call', toolCallId, toolName, toolArgs, providerMetadata };
  }
  const input = call.input;
  return providerMetadata === undefined
    ? { type: 'tool-call', toolCallId, toolName, toolArgs, input }
    : { type: 'tool-call', toolCallId, toolName, toolArgs, input, providerMetadata };
}

const NOT_JSON = Symbol('not-json');

function parseArgs(toolArgs: string): unknown {
  const raw = toolArgs.trim();
  if (raw === '') return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return NOT_JSON;
  }
}
