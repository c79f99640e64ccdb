// Types for type tests.
import type { Tool } from '@tandem/core';

/** What an `McpToolset` is: an Array subclass of tools that changes in place. */
export declare class McpToolsetLike extends Array<Tool> {
  refresh(): Promise<void>;
}
