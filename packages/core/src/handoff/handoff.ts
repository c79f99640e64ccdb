import type { Message } from '../spec/message/v1/message.js';
import { assertToolName } from '../tool-definition/tool-name.js';

/**
 * What a handoff can point at: anything with a `name` (and, for the model, a `description`) — an
 * `Agent`, a `BidiAgent`, or a plain voice target `{ name, description, system, tools }`.
 *
 * @example
 * ```ts
 * const target: HandoffTarget = { name: 'billing', description: 'Invoices, payment methods, charges.' };
 * ```
 *
 * @category Agent
 */
export interface HandoffTarget {
  /** The target's name: the `to` of `handoff` events, the `<name>` of `transfer_to_<name>`. */
  readonly name?: string | undefined;
  /** Tells the model when to transfer; the handoff tool's description unless `handoff()` sets one. */
  readonly description?: string | undefined;
}

/**
 * What `onHandoff` receives when the model transfers the conversation.
 *
 * @example
 * ```ts
 * handoff(refunds, { onHandoff: (ctx) => log.info(`${ctx.from} → ${ctx.to} (${ctx.toolCallId})`) });
 * ```
 *
 * @category Agent
 */
export interface HandoffContext<Target extends HandoffTarget = HandoffTarget> {
  /** The name of the agent handing off. */
  readonly from: string;
  /** The name of the target. */
  readonly to: string;
  /** The target itself. */
  readonly target: Target;
  /** The id of the model's `transfer_to_<name>` call. */
  readonly toolCallId: string;
  /** The parsed arguments of that call (usually `{}`). */
  readonly input: unknown;
  /** The conversation so far (the whole history, unfiltered). */
  readonly messages: readonly Message[];
  /** Aborts when the run (or the conversation) is cancelled. */
  readonly signal: AbortSignal;
}

/**
 * Options of {@link handoff}.
 *
 * @example
 * ```ts
 * const options: HandoffOptions = { toolName: 'escalate', inputFilter: (messages) => messages.slice(-4) };
 * ```
 *
 * @category Agent
 */
export interface HandoffOptions<Target extends HandoffTarget = HandoffTarget> {
  /** The tool the model calls; default `transfer_to_<snake-cased target name>`. */
  toolName?: string;
  /** The tool's description; default the target's `description`. */
  description?: string;
  /**
   * Shapes what the target's model is sent (the history itself — `result.messages`, the session — keeps
   * every message). Called before each of the target's model calls.
   */
  inputFilter?: (messages: readonly Message[]) => readonly Message[] | Promise<readonly Message[]>;
  /** Called once when the model transfers to the target, before the target's first model call. */
  onHandoff?: (context: HandoffContext<Target>) => void | Promise<void>;
}

/**
 * A handoff: the target and how the model reaches it. Made by {@link handoff}; an agent's `handoffs`
 * also take bare targets, which become `handoff(target)`.
 *
 * @example
 * ```ts
 * const toBilling: Handoff<Agent> = handoff(billing);
 * toBilling.toolName; // 'transfer_to_billing'
 * ```
 *
 * @category Agent
 */
export interface Handoff<Target extends HandoffTarget = HandoffTarget> {
  readonly kind: 'handoff';
  readonly target: Target;
  /** The target's name. */
  readonly name: string;
  readonly toolName: string;
  readonly description: string;
  readonly inputFilter?: HandoffOptions<Target>['inputFilter'];
  readonly onHandoff?: HandoffOptions<Target>['onHandoff'];
}

const HANDOFF_BRAND = Symbol.for('tandem.handoff');

/**
 * Describes a handoff to `target`: the model sees a tool `transfer_to_<name>` (described by the
 * target's `description`); calling it moves the conversation to the target. Works for `Agent` targets
 * (text) and `BidiAgent` targets (voice) alike.
 *
 * @throws TypeError when the target has no name, or `toolName` is not a valid tool name.
 *
 * @example
 * ```ts
 * const billing = new Agent({ name: 'billing', description: 'Invoices and charges.', system: '…' });
 * const refunds = new Agent({ name: 'refunds', description: 'Refund requests.', system: '…' });
 * const router = new Agent({
 *   name: 'router',
 *   handoffs: [billing, handoff(refunds, { inputFilter: (messages) => messages.slice(-6) })],
 * });
 * ```
 *
 * @category Agent
 */
export function handoff<Target extends HandoffTarget>(target: Target, options: HandoffOptions<Target> = {}): Handoff<Target> {
  if (typeof target !== 'object' || target === null) {
    throw new TypeError(`handoff(target): the target must be an agent (or { name, description }), got ${target === null ? 'null' : typeof target}.`);
  }
  const name = targetName(target);
  const toolName = options.toolName ?? handoffToolName(name);
  assertToolName(toolName, `handoff tool name for "${name}"`);
  const result: Handoff<Target> = {
    kind: 'handoff',
    target,
    name,
    toolName,
    description: options.description ?? target.description ?? `Transfer the conversation to ${name}.`,
    ...(options.inputFilter === undefined ? {} : { inputFilter: options.inputFilter }),
    ...(options.onHandoff === undefined ? {} : { onHandoff: options.onHandoff }),
  };
  Object.defineProperty(result, HANDOFF_BRAND, { value: true });
  return Object.freeze(result);
}

/**
 * True for a value made by {@link handoff} (also by another copy of `@tandem/core`).
 *
 * @example
 * ```ts
 * isHandoff(handoff(billing)); // true
 * isHandoff(billing);          // false
 * ```
 *
 * @category Agent
 */
export function isHandoff(value: unknown): value is Handoff {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[HANDOFF_BRAND] === true;
}

/**
 * Normalizes one entry of a `handoffs` list: a {@link Handoff} stays as it is, a bare target becomes
 * `handoff(target)`.
 *
 * @example
 * ```ts
 * const list = [billing, handoff(refunds)].map(toHandoff); // both Handoff values
 * ```
 *
 * @category Agent
 */
export function toHandoff<Target extends HandoffTarget>(entry: Target | Handoff<Target>): Handoff<Target> {
  return isHandoff(entry) ? (entry as unknown as Handoff<Target>) : handoff(entry as Target);
}

/**
 * The default handoff tool name for an agent named `name`: `transfer_to_` + the name in snake case
 * (`'Billing Team'` → `transfer_to_billing_team`, `'refundsAgent'` → `transfer_to_refunds_agent`),
 * cut to the 64 characters a tool name may have.
 *
 * @throws TypeError when `name` has no letter or digit.
 *
 * @example
 * ```ts
 * handoffToolName('Billing Team'); // 'transfer_to_billing_team'
 * ```
 *
 * @category Agent
 */
export function handoffToolName(name: string): string {
  const snake = name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (snake.length === 0) {
    throw new TypeError(`Cannot derive a handoff tool name from the agent name ${JSON.stringify(name)}: give the agent a name with letters or digits, or pass handoff(target, { toolName }).`);
  }
  return `transfer_to_${snake}`.slice(0, 64);
}

function targetName(target: HandoffTarget): string {
  const name = target.name;
  if (typeof name !== 'string' || name.trim().length === 0) {
    throw new TypeError('handoff(target): the target has no name. Give it one (new Agent({ name: \'billing\', description, … })) — the model reaches it as transfer_to_<name>.');
  }
  return name;
}
