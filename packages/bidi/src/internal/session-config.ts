import type { BidiModel, Message, ToolDefinition } from '@tandem/core/spec';
import type { FunctionTool, ToolAgent } from '@tandem/core';
import type { ToolGroupOptions } from '@tandem/core/runtime';
import type { Clock } from '@tandem/core/testing';
import type { BidiQueueOptions } from '../bidi-queue-options.js';

/** Reconnect settings, resolved. @internal */
export interface ResolvedReconnect {
  readonly maxAttempts: number;
  readonly initialDelayMs: number;
  readonly maxDelayMs: number;
  readonly marginMs: number;
}

/** Everything one conversation needs from its agent. @internal */
export interface SessionConfig {
  readonly runId: string;
  readonly model: BidiModel;
  readonly system: string | undefined;
  readonly tools: ReadonlyMap<string, FunctionTool>;
  readonly toolDefinitions: readonly ToolDefinition[];
  readonly agent: ToolAgent;
  readonly history: readonly Message[];
  readonly clock: Clock;
  readonly invocationState: Record<string, unknown>;
  readonly concurrency: number | undefined;
  readonly hooks: ToolGroupOptions['hooks'];
  readonly queue: BidiQueueOptions;
  readonly reconnect: ResolvedReconnect;
  /** After the inputs ended and results were sent, how long to wait for the model to answer them. */
  readonly responseWaitMs: number;
}
