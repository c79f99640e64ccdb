import type { RunHooks } from './run-hooks.js';
import type { ToolResult } from '../spec/message/v1/tool-result.js';
import type { AgentEvent } from '../events/agent-event.js';

/** Never settles: what abandoned work gets, so a run that was given up on stops where it stands. */
const NEVER: Promise<never> = new Promise<never>(() => undefined);

/**
 * The user code one run is waiting on (hooks, session store calls), labelled, so a cancel that cannot
 * wait any longer can say what it abandoned; and the switch that abandons the run. Once abandoned, work
 * that settles late is ignored (its promise never settles for the run), new work is never started, and
 * the run's events stop. @internal
 */
export class RunWork {
  private readonly pending = new Map<number, string>();
  private nextId = 0;
  private given = false;
  private tools = 0;
  private readonly idleWaiters: (() => void)[] = [];
  /** The results already reported by `tool-call-result` events of this run (not of nested runs), by call id. */
  readonly reported = new Map<string, ToolResult>();

  /** Whether the run was abandoned after its cancel grace. */
  get abandoned(): boolean {
    return this.given;
  }

  /** What is still pending, in the order it started. */
  labels(): string[] {
    return [...this.pending.values()];
  }

  /** Runs `start()` as work labelled `label`; after the run is abandoned, neither starts nor settles. */
  run<T>(label: string, start: () => Promise<T>): Promise<T> {
    if (this.given) return NEVER;
    const id = this.nextId++;
    this.pending.set(id, label);
    let work: Promise<T>;
    try {
      work = start();
    } catch (error) {
      this.pending.delete(id);
      return Promise.reject(error as Error);
    }
    return work.then(
      (value) => {
        this.pending.delete(id);
        return this.given ? NEVER : value;
      },
      (error: unknown) => {
        this.pending.delete(id);
        if (this.given) return NEVER;
        throw error;
      },
    );
  }

  /**
   * Tracks a tool's promise an abort stopped waiting for, as work labelled `label` until it settles (what it
   * settles with is ignored: the call was already answered).
   */
  track(label: string, promise: PromiseLike<unknown>): void {
    if (this.given) return;
    const id = this.nextId++;
    this.pending.set(id, label);
    this.tools++;
    const done = (): void => {
      this.pending.delete(id);
      if (--this.tools === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    };
    Promise.resolve(promise).then(done, done);
  }

  /** Settles once no tracked tool is left running (at once when none is). */
  toolsSettled(): Promise<void> {
    if (this.tools === 0) return Promise.resolve();
    return new Promise<void>((resolve) => this.idleWaiters.push(resolve));
  }

  /** Notes what an event reports (call results); false once the run is abandoned (drop the event). */
  observe(event: AgentEvent): boolean {
    if (this.given) return false;
    if (event.type === 'tool-call-result' && event.parentToolCallId === undefined) this.reported.set(event.result.toolCallId, event.result);
    return true;
  }

  /** Abandons the run: from now on its work neither starts nor settles and its events are dropped. */
  abandon(): void {
    this.given = true;
    this.pending.clear();
  }
}

/**
 * Hooks that run as the run's labelled work (`hook <name>`): after a cancel that can wait no longer, a hook that
 * has not settled is abandoned and what it does later is ignored. @internal
 */
export function workHooks(hooks: RunHooks, work: RunWork): RunHooks {
  return { has: (name) => hooks.has(name), run: (name, event) => work.run(`hook ${name}`, () => hooks.run(name, event)) };
}
