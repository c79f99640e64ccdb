/**
 * Folds the items a streaming tool yields into one result.
 *
 * A streaming tool (an `execute` that returns an async iterable) names an aggregator **class**; the
 * runtime makes a new instance per call, `feed()`s it every yielded item (each also emitted as a
 * `partial-tool-call-result` event), stores `snapshot()` as the call's result, and sends
 * `toModelInput(snapshot)` to the model.
 *
 * @example
 * ```ts
 * class CountAggregator implements Aggregator<string, number> {
 *   private count = 0;
 *   feed(): void { this.count += 1; }
 *   snapshot(): number { return this.count; }
 *   static toModelInput(snapshot: number): string { return `${snapshot} items`; }
 * }
 * ```
 *
 * @category Tools
 */
export interface Aggregator<Item, Result> {
  feed(item: Item): void;
  snapshot(): Result;
}

/**
 * An aggregator class: constructible with no arguments, with a static `toModelInput`. Its return value
 * is mapped like a tool's return value (strings → text, `toolContent(...)` → mixed content, other → JSON).
 *
 * @category Tools
 */
export interface AggregatorClass<Item = unknown, Result = unknown> {
  new (): Aggregator<Item, Result>;
  toModelInput(snapshot: Result): unknown;
}
