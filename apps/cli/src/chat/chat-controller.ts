import { Agent, userMessage, type AgentOptions, type AgentRun, type Message, type SessionStore } from '@tandem/core';
import type { LanguageModel } from '@tandem/core/spec';
import { describeError } from '../errors/describe-error.js';
import type { CatalogEntry } from '../tools/tool-catalog.js';
import { runSlashCommand } from './slash-commands.js';
import { approvalAnswered, cancelOpenCalls, EMPTY_TURN, reduceTurn, settleBlocks, type CallView, type TurnBlock, type TurnView } from './turn-view.js';

/** A line of the chat transcript, printed once and kept in the scrollback. */
export type TranscriptItem =
  | { readonly id: number; readonly kind: 'user'; readonly text: string }
  | { readonly id: number; readonly kind: 'block'; readonly block: TurnBlock; readonly calls: Readonly<Record<string, CallView>> }
  | { readonly id: number; readonly kind: 'notice'; readonly text: string; readonly tone: 'info' | 'warning' | 'error' };

/** A tool call waiting for the user's y/n. */
export interface ApprovalPrompt {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
}

/** What the chat view shows. */
export interface ChatState {
  readonly transcript: readonly TranscriptItem[];
  /** The part of the running turn still changing. */
  readonly live: TurnView | undefined;
  readonly running: boolean;
  /** Calls waiting for approval, oldest first; the view asks about the first. */
  readonly approvals: readonly ApprovalPrompt[];
  /** `provider:model-id` of the model in use. */
  readonly modelId: string;
  readonly isDemo: boolean;
  /** The id of the stored session the turns go to (undefined when conversations are not kept). */
  readonly sessionId: string | undefined;
  /** The name of the agent answering, when the config defines agents that hand off (else undefined). */
  readonly agentName: string | undefined;
}

/** Where the chat keeps its conversation: the store, the session to start with, and how to start another. */
export interface ChatSessionOptions {
  readonly store: SessionStore;
  /** The session of the first turn (new or resumed). */
  readonly id: string;
  /** A new session id, for `/clear`. */
  readonly newId: () => string;
  /** Called before each turn with its session id and text (e.g. to record where the session started). */
  readonly onTurn?: (id: string, text: string) => void;
}

/** Switches the model for `/model <provider:id>`. */
export type ModelSwitcher = (value: string) => Promise<{ readonly id: string; readonly model: LanguageModel; readonly isDemo: boolean }>;

/** Options of {@link ChatController}. */
export interface ChatControllerOptions {
  readonly agentOptions: AgentOptions;
  /** The entry agent, when the config defines agents (else one is made from `agentOptions`). */
  readonly agent?: Agent;
  /** Several agents hand off to each other: the state names the active one (`agentName`). */
  readonly multiAgent?: boolean;
  /** `--yes`: the agent's `approve` option answers every approval at once; nothing is asked. */
  readonly autoApprove?: boolean;
  readonly model: LanguageModel;
  readonly modelId: string;
  readonly isDemo: boolean;
  readonly tools: readonly CatalogEntry[];
  readonly switchModel: ModelSwitcher;
  /** Called for `/exit`. */
  readonly exit: (code: number) => void;
  /**
   * Keep the conversation in a session store: each turn sends only the new message and the agent loads the
   * history; `/clear` starts a new session. Without it, the history is kept in memory.
   */
  readonly session?: ChatSessionOptions;
  /** The clock durations are measured with (default `performance.now`). */
  readonly now?: () => number;
}

/**
 * The logic of `tandem chat`, apart from its terminal view: the conversation, turns run by an `Agent`
 * (their events folded into a {@link TurnView}), cancelling, approvals and slash commands. The view
 * subscribes and renders {@link ChatState}.
 */
export class ChatController {
  private messages: Message[] = [];
  private current: { readonly run: AgentRun; readonly abort: AbortController; turn: TurnView } | undefined;
  private nextId = 0;
  private listeners = new Set<() => void>();
  private snapshot: ChatState;
  private model: LanguageModel;
  private readonly agent: Agent;
  private readonly now: () => number;
  /** How many blocks of the running turn are in the transcript already. */
  private printedBlocks = 0;

  constructor(private readonly options: ChatControllerOptions) {
    this.agent = options.agent ?? new Agent(options.agentOptions);
    this.model = options.model;
    this.now = options.now ?? (() => performance.now());
    this.snapshot = {
      transcript: [],
      live: undefined,
      running: false,
      approvals: [],
      modelId: options.modelId,
      isDemo: options.isDemo,
      sessionId: options.session?.id,
      agentName: options.multiAgent === true ? this.agent.name : undefined,
    };
  }

  /** The current state (a new object after every change). */
  get state(): ChatState {
    return this.snapshot;
  }

  /** The conversation so far. */
  get history(): readonly Message[] {
    return this.messages;
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Handles a line typed at the prompt: a slash command, or a new turn. Resolves when it is done. */
  async submit(line: string): Promise<void> {
    const text = line.trim();
    if (text === '' || this.snapshot.running) return;
    if (text.startsWith('/')) {
      await runSlashCommand(text, {
        notice: (message, tone) => this.notice(message, tone),
        tools: this.options.tools,
        modelId: () => this.snapshot.modelId,
        switchModel: async (value) => {
          const choice = await this.options.switchModel(value);
          this.model = choice.model;
          this.update({ modelId: choice.id, isDemo: choice.isDemo });
          return choice.id;
        },
        clear: () => {
          this.messages = [];
          const session = this.options.session;
          if (session === undefined) return undefined;
          const id = session.newId();
          this.update({ sessionId: id });
          return id;
        },
        exit: this.options.exit,
      });
      return;
    }
    await this.runTurn(text);
  }

  /** Cancels the running turn: its tools get their abort signal; the turn ends as `cancelled`. */
  cancel(): void {
    this.current?.abort.abort(new Error('Cancelled with Ctrl-C'));
  }

  /** Answers the approval question of a call: it runs, or gets the error result "The user denied this tool call". */
  answer(toolCallId: string, approved: boolean): void {
    const run = this.current?.run;
    try {
      if (approved) run?.approve(toolCallId);
      else run?.deny(toolCallId, 'answered no in the terminal');
      if (this.current !== undefined) this.current.turn = approvalAnswered(this.current.turn, toolCallId, approved, this.now());
    } catch {
      // The call stopped waiting meanwhile (the turn was cancelled, or it timed out).
    }
    this.update({ approvals: this.snapshot.approvals.filter((prompt) => prompt.toolCallId !== toolCallId) });
  }

  /** Adds a line to the transcript. */
  notice(text: string, tone: 'info' | 'warning' | 'error' = 'info'): void {
    this.update({ transcript: [...this.snapshot.transcript, { id: this.nextId++, kind: 'notice', text, tone }] });
  }

  private async runTurn(text: string): Promise<void> {
    const abort = new AbortController();
    const stored = this.options.session;
    const sessionId = this.snapshot.sessionId;
    let run: AgentRun;
    if (stored !== undefined && sessionId !== undefined) {
      stored.onTurn?.(sessionId, text);
      run = this.agent.run(this.model, [userMessage(text)], { signal: abort.signal, session: { store: stored.store, id: sessionId } });
    } else {
      run = this.agent.run(this.model, [...this.messages, userMessage(text)], { signal: abort.signal });
    }
    const current = { run, abort, turn: EMPTY_TURN };
    this.current = current;
    this.update({ running: true, live: EMPTY_TURN, transcript: [...this.snapshot.transcript, { id: this.nextId++, kind: 'user', text }] });
    try {
      for await (const event of run) {
        current.turn = reduceTurn(current.turn, event, this.now());
        if (this.options.multiAgent === true && event.parentToolCallId === undefined) {
          // The agent answering: the target of a handoff, else whoever made the event (a resumed session may start anywhere).
          const name = event.type === 'handoff' ? event.to : event.agentName;
          if (name !== undefined && name !== this.snapshot.agentName) this.update({ agentName: name });
        }
        if (event.type === 'tool-approval-request' && event.parentToolCallId === undefined) {
          if (this.options.autoApprove === true) current.turn = approvalAnswered(current.turn, event.toolCallId, true, this.now());
          else this.ask(event);
        }
        this.show(current.turn, false);
      }
      const turn = current.turn;
      const result = await run.result;
      this.messages = [...result.messages];
      if (this.options.multiAgent === true) this.update({ agentName: result.lastAgent.name });
      this.show(result.stopReason === 'cancelled' ? cancelOpenCalls(turn, this.now()) : turn, true);
      if (result.stopReason === 'cancelled') this.notice('Turn cancelled; its tools were stopped.', 'warning');
      else if (result.stopReason === 'maxSteps') this.notice('Stopped at the step limit (--max-steps) while the model still wanted tools.', 'warning');
      else if (result.stopReason === 'maxTokens') this.notice('The answer was cut off at the output token limit.', 'warning');
      else if (result.stopReason === 'contentFilter') this.notice('The provider stopped the answer (content filter).', 'warning');
    } catch (error) {
      this.show(cancelOpenCalls(current.turn, this.now()), true);
      this.notice(describeError(error), 'error');
    } finally {
      this.current = undefined;
      this.update({ running: false, live: undefined, approvals: [] });
    }
  }

  private ask(event: ApprovalPrompt): void {
    this.update({ approvals: [...this.snapshot.approvals, { toolCallId: event.toolCallId, toolName: event.toolName, input: event.input }] });
  }

  /** Moves finished blocks of the turn into the transcript; with `final`, all of them. */
  private show(turn: TurnView, final: boolean): void {
    const { settled, live } = final ? { settled: turn.blocks, live: { ...turn, blocks: [] } } : settleBlocks(turn);
    const printed = this.printedBlocks;
    const fresh = settled.slice(printed);
    const items: TranscriptItem[] = fresh.map((block) => ({ id: this.nextId++, kind: 'block', block, calls: turn.calls }));
    this.printedBlocks = final ? 0 : settled.length;
    this.update({
      transcript: items.length === 0 ? this.snapshot.transcript : [...this.snapshot.transcript, ...items],
      live: final ? undefined : live,
    });
  }

  private update(change: Partial<ChatState>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }
}
