import type { ModelCallTrace, ToolCallTrace, ToolGroupTrace } from '@tandem/core';

/** What a start method returns if starting its span failed: traces nothing, never throws. */
export const NO_MODEL_CALL: ModelCallTrace = { end: () => undefined };

/** See {@link NO_MODEL_CALL}. */
export const NO_TOOL_CALL: ToolCallTrace = { end: () => undefined };

/** See {@link NO_MODEL_CALL}. Its calls share one {@link NO_TOOL_CALL}: an untraced call allocates nothing. */
export const NO_TOOL_GROUP: ToolGroupTrace = { startToolCall: () => NO_TOOL_CALL, end: () => undefined };
