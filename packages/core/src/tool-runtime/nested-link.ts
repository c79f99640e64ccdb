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
  readonly idempotencyKey: string;
  /** The nested run's messages when this call resumes an interrupted nested run. */
  readonly resumeMessages: readonly Message[] | undefined;
  readonly call: CallLink;
}

const links = new WeakMap<ToolContext, ParentLink>();

/** Binds a tool context to its call, for nested runs started with it. @internal */
export function linkContext(context: ToolContext, link: ParentLink): void {
  links.set(context, link);
}

/**
 * The outer call a tool context belongs to.
 * @throws TypeError when `context` is not a context core gave a tool.
 * @internal
 */
export function parentLink(context: ToolContext): ParentLink {
  const link = links.get(context);
  if (link === undefined) {
    throw new TypeError('agent.run(…, { parent }): pass the ToolContext your tool\'s execute() received (its second argument), unchanged.');
  }
  return link;
}
