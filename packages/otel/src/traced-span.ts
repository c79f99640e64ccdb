import { SpanStatusCode, context, trace, type Attributes, type Context, type Span, type SpanKind, type Tracer } from '@opentelemetry/api';
import { ATTR } from './attributes.js';

/**
 * A span that knows its parent and open children: its children are started with the parent passed
 * explicitly (no context manager needed), it ends once (a second `end()` is ignored), and ending it
 * first ends any child still open — marked ERROR `cancelled`, "ended with its parent" — so no span is
 * ever left open.
 */
export class TracedSpan {
  readonly span: Span;
  readonly #parent: TracedSpan | undefined;
  /** Open children; made on the first child (most spans — every `execute_tool` — have none). */
  #children: Set<TracedSpan> | undefined;
  /** The context children start in: the one this span started in, with this span as the active span. */
  #childContext: Context | undefined;
  readonly #startContext: Context;
  #ended = false;

  constructor(tracer: Tracer, name: string, options: { kind: SpanKind; attributes: Attributes }, parent?: TracedSpan) {
    this.#startContext = parent === undefined ? context.active() : parent.#contextForChildren();
    this.span = tracer.startSpan(name, options, this.#startContext);
    this.#parent = parent;
    if (parent !== undefined) (parent.#children ??= new Set()).add(this);
  }

  #contextForChildren(): Context {
    this.#childContext ??= trace.setSpan(this.#startContext, this.span);
    return this.#childContext;
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Ends the span after `finish` has set its last attributes and status (children still open end first). */
  end(finish?: (span: Span) => void): void {
    if (this.#ended) return;
    this.#ended = true;
    if (this.#children !== undefined && this.#children.size > 0) for (const child of [...this.#children]) child.#abandon();
    try {
      finish?.(this.span);
    } finally {
      this.span.end();
      if (this.#parent !== undefined) this.#parent.#children?.delete(this);
    }
  }

  #abandon(): void {
    this.end((span) => {
      span.setAttribute(ATTR.errorType, 'cancelled');
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'ended with its parent, before it finished' });
    });
  }
}

/** Runs `body`, swallowing anything it throws: tracing must never break a run. */
export function safely<T>(body: () => T, fallback: T): T {
  try {
    return body();
  } catch {
    return fallback;
  }
}

/** Marks `span` as failed: ERROR status, `error.type`, and the exception event when there is one. */
export function recordFailure(span: Span, type: string, message: string, exception?: unknown): void {
  span.setAttribute(ATTR.errorType, type);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
  if (exception instanceof Error) span.recordException(exception);
}
