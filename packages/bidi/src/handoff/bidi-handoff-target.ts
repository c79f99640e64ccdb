import type { ContextManager, Handoff, Tool } from '@tandem/core';
import type { BidiModel } from '@tandem/core/spec';

/**
 * A voice handoff target that is not a `BidiAgent`: the instructions, tools and voice the conversation
 * switches to when the model calls `transfer_to_<name>`. Without `model` the conversation keeps its
 * current model; with another one (even another provider's) it reconnects to it, replaying the history.
 *
 * @example
 * ```ts
 * const booking: BidiHandoffTarget = {
 *   name: 'booking',
 *   description: 'Books tables once the guest has chosen a restaurant.',
 *   system: 'You book tables. Confirm the time and party size.',
 *   tools: [bookTable],
 *   voice: 'marin',
 * };
 * const concierge = new BidiAgent({ model, name: 'concierge', tools: [search], handoffs: [booking] });
 * ```
 *
 * @category Agent
 */
export interface BidiHandoffTarget {
  readonly name: string;
  /** Tells the model when to transfer (the handoff tool's description). */
  readonly description?: string;
  readonly system?: string;
  readonly tools?: readonly (Tool | readonly Tool[])[];
  /** The output voice after the transfer (default: the voice in use). */
  readonly voice?: string;
  /** A model of its own (default: the model in use). */
  readonly model?: BidiModel | string;
  /** What a reconnect after the transfer replays of the history (see `BidiAgentOptions.context`; default: the manager in use). */
  readonly context?: ContextManager;
  /** Where this target may hand off to in turn. */
  readonly handoffs?: readonly BidiHandoffEntry[];
}

/**
 * One entry of `new BidiAgent({ handoffs })`: a `BidiAgent`, a {@link BidiHandoffTarget}, or either wrapped
 * by core's `handoff(target, { toolName, description, onHandoff })`. (`inputFilter` does not apply to
 * voice: the live session gets the whole history.)
 *
 * @example
 * ```ts
 * const handoffs: BidiHandoffEntry[] = [booking, handoff(billing, { toolName: 'escalate_to_billing' })];
 * ```
 *
 * @category Agent
 */
export type BidiHandoffEntry = BidiHandoffTarget | Handoff<BidiHandoffTarget>;

/** What an agent of a voice conversation is made of, however it was given. @internal */
export interface AgentSetup {
  readonly name: string;
  readonly system: string | undefined;
  readonly voice: string | undefined;
  /** Its own model; `undefined` keeps the model in use. */
  readonly model: BidiModel | undefined;
  /** Its own context manager; `undefined` keeps the one in use. */
  readonly context: ContextManager | undefined;
  readonly sources: readonly (Tool | readonly Tool[])[];
  readonly handoffs: readonly BidiHandoffEntry[];
}

/** The setups of `BidiAgent`s, so one used as a handoff target is read as its options say. @internal */
export const agentSetups = new WeakMap<object, () => AgentSetup>();
