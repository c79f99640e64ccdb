import type { LanguageModel } from '../spec/language-model/v1/language-model-v1.js';
import type { JsonSchema } from '../spec/shared/json.js';
import type { AgentEvent } from '../events/agent-event.js';
import type { FunctionTool } from '../tool-definition/tool.js';
import type { ToolContext } from '../tool-definition/tool-context.js';
import type { ToolSnapshot } from '../agent/tool-catalog.js';
import { functionToolDefinition } from '../tool-definition/function-tool-definition.js';
import { toHandoff, type Handoff } from './handoff.js';
import { AGENT_PARTS, isHandoffAgent, type AgentParts, type HandoffAgent, type ToolSource } from './handoff-agent.js';
import { HandoffError } from './handoff-error.js';
import { handoffVerdict, type HandoffCall } from './handoff-verdict.js';
import { transferredText } from './active-agent.js';

/** A transfer that happened in the current group: its call, and the handoff it made. @internal */
export interface Transfer {
  readonly handoff: Handoff<HandoffAgent>;
  readonly from: string;
  readonly toolCallId: string;
}

const INPUT_SCHEMA: JsonSchema = { type: 'object', properties: {}, additionalProperties: true };

/**
 * The handoff state of one run: which agent is active, its `transfer_to_<name>` tools, the handoff calls
 * of the current response (in call order, from its `tool-end` events), the transfer its group made, and
 * how many the run has made. @internal
 */
export class HandoffSwitch {
  private activeParts: AgentParts;
  private handoffs: readonly Handoff<HandoffAgent>[] = [];
  private byTool = new Map<string, Handoff<HandoffAgent>>();
  private tools: readonly FunctionTool[] = [];
  private merged: { readonly base: ToolSnapshot; readonly snapshot: ToolSnapshot } | undefined;
  private calls: HandoffCall[] = [];
  private transfer: Transfer | undefined;
  private made = 0;
  /** The `inputFilter` of the handoff that made the active agent active (none for the entry agent). */
  inputFilter: Handoff['inputFilter'];

  /** The active agent's tools, its transfer tools after them. */
  readonly source: ToolSource = { current: () => this.snapshot() };

  constructor(
    readonly entry: AgentParts,
    /** The model given to `run()`: the entry agent's, and that of every agent without its own. */
    readonly runModel: LanguageModel,
    private readonly maxHandoffs: number,
  ) {
    this.activeParts = entry;
    this.activate(entry);
  }

  get active(): AgentParts {
    return this.activeParts;
  }

  /** Makes `parts` the active agent (its tools and transfer tools from the next model call on). */
  activate(parts: AgentParts, via?: Handoff<HandoffAgent>): void {
    this.activeParts = parts;
    this.inputFilter = via?.inputFilter;
    this.handoffs = handoffsOf(parts);
    this.byTool = new Map(this.handoffs.map((entry) => [entry.toolName, entry]));
    this.tools = this.handoffs.map((entry) => this.transferTool(entry));
    this.merged = undefined;
    if (via !== undefined) this.made++;
  }

  /** Sees every event of the run: a new step clears the response's handoff calls, each `tool-end` of a transfer tool adds one. */
  observe(event: AgentEvent): void {
    if (event.parentToolCallId !== undefined) return;
    if (event.type === 'step-start') {
      this.calls = [];
      this.transfer = undefined;
    } else if (event.type === 'tool-end' && this.byTool.has(event.toolCall.toolName)) {
      this.calls.push({ toolCallId: event.toolCall.toolCallId, toolName: event.toolCall.toolName });
    }
  }

  /** The transfer the group just made (once). */
  takeTransfer(): Transfer | undefined {
    const transfer = this.transfer;
    this.transfer = undefined;
    return transfer;
  }

  /** The agent of the graph named `name`, if any. */
  find(name: string): AgentParts | undefined {
    if (this.activeParts.name === name) return this.activeParts;
    for (const agent of this.entry.graph()) if (agent.name === name) return agent[AGENT_PARTS]();
    return undefined;
  }

  /** Whether `toolName` is a transfer tool to an agent named `name` of some agent in the graph. */
  isTransfer(toolName: string, name: string): boolean {
    for (const agent of this.entry.graph()) {
      for (const entry of handoffsOf(agent[AGENT_PARTS]())) if (entry.toolName === toolName && entry.name === name) return true;
    }
    return false;
  }

  private snapshot(): ToolSnapshot {
    const base = this.activeParts.catalog.current();
    if (this.tools.length === 0) return base;
    if (this.merged?.base === base) return this.merged.snapshot;
    const byName = new Map(base.byName);
    for (const tool of this.tools) {
      if (byName.has(tool.name)) {
        throw new TypeError(`Agent "${this.activeParts.name}": the handoff tool "${tool.name}" has the name of one of its tools; pass handoff(target, { toolName }) with another name.`);
      }
      byName.set(tool.name, tool);
    }
    const snapshot: ToolSnapshot = { byName, definitions: [...base.definitions, ...this.tools.map((tool) => functionToolDefinition(tool))] };
    this.merged = { base, snapshot };
    return snapshot;
  }

  private transferTool(entry: Handoff<HandoffAgent>): FunctionTool {
    return {
      kind: 'function',
      name: entry.toolName,
      description: entry.description,
      inputSchema: INPUT_SCHEMA,
      execute: (input: unknown, context: ToolContext) => this.run(entry, input, context),
    };
  }

  private async run(entry: Handoff<HandoffAgent>, input: unknown, context: ToolContext): Promise<string> {
    const from = this.activeParts.name;
    const verdict = handoffVerdict({ toolCallId: context.toolCallId, calls: this.calls, count: this.made, maxHandoffs: this.maxHandoffs });
    if (verdict.type === 'rejected') throw new HandoffError(verdict.code, verdict.reason);
    if (entry.onHandoff !== undefined) {
      await entry.onHandoff({ from, to: entry.name, target: entry.target, toolCallId: context.toolCallId, input, messages: context.messages, signal: context.signal });
    }
    context.signal.throwIfAborted();
    this.transfer = { handoff: entry, from, toolCallId: context.toolCallId };
    return transferredText(entry.name);
  }
}

/** The handoffs of an agent as they are now (its `handoffs` option is read each time). */
export function handoffsOf(parts: AgentParts): readonly Handoff<HandoffAgent>[] {
  const list = parts.options.handoffs;
  if (list === undefined || list.length === 0) return [];
  return list.map((entry) => {
    const normalized = toHandoff(entry);
    if (!isHandoffAgent(normalized.target)) {
      throw new TypeError(`Agent "${parts.name}": handoff target "${normalized.name}" is not an Agent. An Agent hands off to Agents; BidiAgent targets belong in a BidiAgent's handoffs.`);
    }
    return normalized as unknown as Handoff<HandoffAgent>;
  });
}
