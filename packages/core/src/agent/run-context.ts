import type { Message } from '../spec/message/v1/message.js';
import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import type { Usage } from '../spec/language-model/v1/usage.js';
import type { ResponseFormat } from '../spec/language-model/v1/response-format.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { OutputSchema } from '../output/output-schema.js';
import type { SessionOptions } from '../session/session-store.js';
import type { RunTrace } from '../telemetry/telemetry.js';
import type { ApprovalGate } from '../tool-runtime/approval.js';
import type { ContextRunner } from '../context/context-runner.js';
import type { AgentOptions, RunnableAgent, StepResult, StopCondition } from './agent-types.js';
import type { RunHooks } from './run-hooks.js';
import type { RunRecorder } from './run-recorder.js';
import type { RunState } from './run-state.js';
import type { ResumePlan } from './resume-plan.js';
import type { ToolSource } from '../handoff/handoff-agent.js';
import type { HandoffSwitch } from '../handoff/handoff-switch.js';
import type { RunWork } from './run-work.js';

/** Everything one run needs, fixed when it starts. @internal */
export interface LoopConfig {
  readonly model: LanguageModel;
  /** The active agent's tools (with its handoff tools, when it has handoffs). */
  readonly catalog: ToolSource;
  readonly options: AgentOptions;
  readonly stopWhen: readonly StopCondition[];
  readonly hooks: RunHooks;
  readonly runId: string;
  readonly state: RunState;
  /** The run's input (the new messages); history from the session is loaded before them. */
  readonly input: readonly Message[];
  readonly session: SessionOptions | undefined;
  readonly invocationState: Record<string, unknown>;
  /** The run's `output` schema and the `responseFormat` it becomes. */
  readonly output: { readonly schema: OutputSchema; readonly responseFormat: ResponseFormat } | undefined;
  readonly approvals: ApprovalGate;
  /** What idempotency keys are made of: the session id, the outer call's key (a nested run), else the run id. */
  readonly idempotencyScope: string;
  /** The paused group this run settles first (checked when the run started; with a session, planned after loading). */
  readonly resume: ResumePlan | undefined;
  readonly emit: (event: AgentEvent) => void;
  /** The agent `run()` was called on (`result.lastAgent` when the run made no handoff). */
  readonly agent: RunnableAgent;
  /** Which agent is active and how it hands off; absent for an agent outside any handoff graph. */
  readonly handoffs: HandoffSwitch | undefined;
  /** The user code the run waits on, and the switch that abandons it after the cancel grace. */
  readonly work: RunWork;
}

/** What a run accumulates while it goes. @internal */
export interface RunProgress {
  /** Replaced when a handoff makes another agent active (its model, tools, hooks, settings). */
  config: LoopConfig;
  readonly recorder: RunRecorder;
  readonly trace: RunTrace | undefined;
  /** What each model call is sent (the agent's `context` manager) and the overflow retry. */
  context: ContextRunner;
  readonly steps: StepResult[];
  usage: Usage;
  /** An `afterToolCall` hook that threw: the run rejects with it once its group has settled. */
  hookFailure?: { readonly error: unknown };
}
