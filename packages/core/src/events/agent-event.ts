import type { ProviderMetadata } from '../spec/shared/json.js';
import type { FinishReason, Usage } from '../spec/language-model/v1/usage.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { GuardrailStage } from '../guardrails/guardrail.js';

/**
 * Fields every event carries.
 *
 * @category Events
 */
export interface EventBase {
  /** Id of the run that produced the event. */
  readonly runId: string;
  /** 1-based model step within the run (0 for events outside any step). */
  readonly step: number;
  /** Set when the event comes from a nested agent run by a tool: that tool call's id. */
  readonly parentToolCallId?: string;
  /**
   * The name of the agent that produced the event (its `name` option, default `agent`) — after a handoff,
   * the agent the conversation was handed to. Set on every event of an agent run; absent on `stream()`'s.
   */
  readonly agentName?: string;
}

/**
 * A complete tool call, as announced by `tool-end`.
 *
 * @category Events
 */
export interface ToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  /** The raw JSON arguments, exactly as the model produced them. */
  readonly toolArgs: string;
  /** The parsed arguments (absent when `toolArgs` is not valid JSON). */
  readonly input?: unknown;
}

/**
 * Events produced while a model response streams (by `stream()` and inside an agent run).
 *
 * @category Events
 */
export type ModelEvent =
  | (EventBase & {
      /** A model call starts (one per call). */
      readonly type: 'stream-start';
      /** The provider of the model that answers (with `fallbackModel()`, the one that took the call). */
      readonly provider: string;
      /** The id of the model that answers. */
      readonly modelId: string;
    })
  | (EventBase & { readonly type: 'text-start'; readonly blockId: string })
  | (EventBase & { readonly type: 'text-delta'; readonly blockId: string; readonly chunk: string })
  | (EventBase & { readonly type: 'text-end'; readonly blockId: string })
  | (EventBase & { readonly type: 'reasoning-start'; readonly blockId: string })
  | (EventBase & { readonly type: 'reasoning-delta'; readonly blockId: string; readonly chunk: string })
  | (EventBase & { readonly type: 'reasoning-end'; readonly blockId: string })
  | (EventBase & { readonly type: 'tool-start'; readonly toolCallId: string; readonly toolName: string })
  | (EventBase & { readonly type: 'tool-delta'; readonly toolCallId: string; readonly chunk: string })
  | (EventBase & { readonly type: 'tool-end'; readonly toolCall: ToolCall })
  | (EventBase & {
      readonly type: 'builtin-tool-call';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly toolArgs: string;
      readonly providerMetadata?: ProviderMetadata;
    })
  | (EventBase & {
      readonly type: 'builtin-tool-result';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly result: unknown;
      readonly isError?: boolean;
    })
  | (EventBase & { readonly type: 'file'; readonly mediaType: string; readonly data: Uint8Array })
  | (EventBase & { readonly type: 'stream-end'; readonly finishReason: FinishReason; readonly usage: Usage });

/**
 * Events the agent loop adds around model events.
 *
 * @category Events
 */
export type LoopEvent =
  | (EventBase & { readonly type: 'step-start' })
  | (EventBase & {
      readonly type: 'partial-tool-call-result';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly label?: string;
      readonly value: unknown;
      /** 0-based, increasing per call. */
      readonly seq: number;
    })
  | (EventBase & {
      /**
       * A call begins to execute: its input is valid, its `beforeToolCall` hooks ran and any approval was
       * given. (`tool-start`/`tool-end` are the model streaming the call; this is the tool running it.)
       */
      readonly type: 'tool-call-start';
      readonly toolCallId: string;
      readonly toolName: string;
      /** The input the tool runs with. */
      readonly input: unknown;
    })
  | (EventBase & {
      readonly type: 'tool-call-result';
      /** The finished call's result (one event per call, in completion order). */
      readonly result: ToolResult;
      /** @deprecated Use `result`: a one-element array holding it. */
      readonly results: readonly ToolResult[];
      /** What the tool threw, exactly as thrown, when it threw. */
      readonly exception?: unknown;
    })
  | (EventBase & {
      readonly type: 'tool-retry';
      readonly toolCallId: string;
      readonly toolName: string;
      /** The attempt that is about to run (2 for the first retry). */
      readonly attempt: number;
      readonly error: unknown;
      readonly delayMs: number;
    })
  | (EventBase & {
      /** A call of a tool with `needsApproval` waits: answer with `run.approve(toolCallId)` or `run.deny(toolCallId, reason?)`. */
      readonly type: 'tool-approval-request';
      readonly toolCallId: string;
      readonly toolName: string;
      /** The validated input the tool would run with. */
      readonly input: unknown;
    })
  | (EventBase & {
      /**
       * The model rejected the request as too long (`ContextOverflowError`); the agent's context manager
       * reduced the conversation and the call is retried once with the smaller request.
       */
      readonly type: 'context-reduced';
      /** Estimated input tokens of the request that failed. */
      readonly beforeTokens: number;
      /** Estimated input tokens of the retry. */
      readonly afterTokens: number;
      /** `summarize`: older turns were summarized; `window`: the oldest half of the messages was dropped. */
      readonly strategy: 'summarize' | 'window';
    })
  | (EventBase & {
      /** One guardrail check finished (one event per check, passing ones included). */
      readonly type: 'guardrail';
      /** The guardrail's name. */
      readonly name: string;
      readonly stage: GuardrailStage;
      /** True: the check tripped (the run ends with `stopReason: 'guardrail'`). */
      readonly tripwire: boolean;
      readonly reason?: string;
      /** What the check threw, when it threw (a throwing guardrail counts as tripped). */
      readonly error?: unknown;
    })
  | (EventBase & {
      /**
       * The conversation moved to another agent: `from` called `to`'s handoff tool (`toolCallId`), the rest
       * of the group finished, and `to` makes the next model call.
       */
      readonly type: 'handoff';
      /** The name of the agent that handed off. */
      readonly from: string;
      /** The name of the agent that takes over. */
      readonly to: string;
      readonly toolCallId: string;
    })
  | (EventBase & { readonly type: 'step-end'; readonly finishReason: FinishReason; readonly usage: Usage })
  | (EventBase & {
      /**
       * Something failed that the run survived (`fatal` is always `false` here: a failure that ends the run
       * rejects `run.result` instead). E.g. a `RunAbandonedWorkError`: after a cancel, a hook or session store
       * call had not settled within `cancelGraceMs`, so the run ended without it.
       */
      readonly type: 'error';
      readonly error: unknown;
      readonly fatal: false;
    })
  | (EventBase & {
      /**
       * Something went wrong that the run handled, e.g. `duplicate-tool-call`: the provider sent a tool call
       * id twice in one response; the call runs and is answered once, and the copy was dropped.
       */
      readonly type: 'warning';
      readonly code: string;
      readonly message: string;
    });

/**
 * Every event of an agent run. Discriminate on `type`.
 *
 * @category Events
 */
export type AgentEvent = ModelEvent | LoopEvent;

/**
 * The `type` of every {@link AgentEvent}.
 *
 * @category Events
 */
export type AgentEventType = AgentEvent['type'];
