/** Marks an error thrown by a streaming tool after it produced partial output. @internal */
export class PartialOutputError {
  constructor(
    /** What the tool threw. */
    readonly cause: unknown,
    /** The aggregated output so far, as JSON text. */
    readonly partial: string,
  ) {}
}
