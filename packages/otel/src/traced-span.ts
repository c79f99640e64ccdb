import { SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';
import { ATTR } from './attributes.js';

/**
 * A span that knows its parent and open children: its children are started with the parent passed
 * explicitly (no context manager needed), it ends once (a second end is ignored), and ending it first
 * ends any child still open — marked ERROR `cancelled`, "ended with its parent" — so no span is ever
 * left open.
 *
 * Each trace (run, model call, tool group, tool call) is one subclass instance: one object per span
 * besides the SDK's, no closures, and open children kept in an intrusive list (no `Set` per parent).
 */
export abstract class TracedSpan {
  readonly span: Span;
  readonly #parent: TracedSpan | undefined;
  /** The context children start in: the one this span started in, with this span as the active span. */
  #childContext: Context | undefined;
  readonly #startContext: Context;
  #ended = false;
  // Open children, as a doubly linked list through the children themselves.
  #firstChild: TracedSpan | undefined;
  #lastChild: TracedSpan | undefined;
  #previous: TracedSpan | undefined;
  #next: TracedSpan | undefined;

  /** `span` was started in `startContext` — for a child, its parent's {@link TracedSpan.contextForChildren}. */
  constructor(span: Span, startContext: Context, parent: TracedSpan | undefined) {
    this.span = span;
    this.#startContext = startContext;
    this.#parent = parent;
    if (parent !== undefined) {
      const last = parent.#lastChild;
      if (last === undefined) parent.#firstChild = this;
      else {
        last.#next = this;
        this.#previous = last;
      }
      parent.#lastChild = this;
    }
  }

  /** The context this span's children start in (made on the first child: most spans have none). */
  contextForChildren(): Context {
    this.#childContext ??= trace.setSpan(this.#startContext, this.span);
    return this.#childContext;
  }

  get ended(): boolean {
    return this.#ended;
  }

  /**
   * Begins ending the span: returns `false` when it has already ended, else marks it ended and ends any
   * child still open. The caller then sets the last attributes and calls {@link TracedSpan.finishEnd}.
   */
  protected beginEnd(): boolean {
    if (this.#ended) return false;
    this.#ended = true;
    // Children still open end first, oldest first (each leaves the list as it ends).
    let child = this.#firstChild;
    while (child !== undefined) {
      const next = child.#next;
      child.#abandon();
      child = next;
    }
    return true;
  }

  /** Ends the SDK span and leaves the parent's list of open children. */
  protected finishEnd(): void {
    const parent = this.#parent;
    if (parent !== undefined) {
      const previous = this.#previous;
      const next = this.#next;
      if (previous === undefined) parent.#firstChild = next;
      else previous.#next = next;
      if (next === undefined) parent.#lastChild = previous;
      else next.#previous = previous;
      this.#previous = undefined;
      this.#next = undefined;
    }
    this.span.end();
  }

  /** Ends the span with nothing more to record (each step swallows what it throws). */
  protected endPlain(): void {
    if (!this.beginEnd()) return;
    this.finishEnd();
  }

  #abandon(): void {
    if (!this.beginEnd()) return;
    try {
      this.span.setAttribute(ATTR.errorType, 'cancelled');
      this.span.setStatus({ code: SpanStatusCode.ERROR, message: 'ended with its parent, before it finished' });
    } catch {
      // Tracing never throws into a run.
    } finally {
      this.finishEnd();
    }
  }
}

/** Marks `span` as failed: ERROR status, `error.type`, and the exception event when there is one. */
export function recordFailure(span: Span, type: string, message: string, exception?: unknown): void {
  span.setAttribute(ATTR.errorType, type);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
  if (exception instanceof Error) span.recordException(exception);
}
