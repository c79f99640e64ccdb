import type { Message } from '../spec/message/v1/message.js';
import type { ToolContext } from '../tool/tool-context.js';
import type { ApprovalGate, ApprovalRequest } from './approval.js';

/** What a nested run reports back to the call that started it. @internal */
export interface CallLink {
  /** Set when the nested run ended `interrupted`: its pending requests and its messages. */
  interruption: { readonly requests: readonly ApprovalRequest[]; readonly messages: readonly Message[] } | undefined;
}

/** What a run started with `{ parent: ctx }` learns of the outer call. @internal */
export interface ParentLink {
  readonly toolCallId: string;
  /** The outer run's approvals: nested requests are answered there. */
  readonly gate: ApprovalGate | undefined;
  /** The nested run's messages when this call resumes an interrupted nested run. */
  readonly resumeMessages: readonly Message[] | undefined;
  readonly call: CallLink;
}

/** Where a tool context carries its link: a symbol key, so a wrapper's `{ ...ctx, signal }` keeps it. */
const PARENT: unique symbol = Symbol.for('tandem.tool-context.parent');

type Linked = ToolContext & { [PARENT]?: ParentLink };

/** Binds a tool context to its call, for nested runs started with it. @internal */
export function linkContext(context: ToolContext, link: ParentLink): void {
  (context as Linked)[PARENT] = link;
}

/**
 * The outer call a tool context belongs to; `undefined` for a context core did not make (the run is then
 * a top-level run). @internal
 */
export function parentLink(context: ToolContext): ParentLink | undefined {
  return (context as Linked)[PARENT];
}
