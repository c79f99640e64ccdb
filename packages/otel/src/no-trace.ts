import type { ModelCallTrace, ToolGroupTrace } from '@tandem/core';

/** What a start method returns if starting its span failed: traces nothing, never throws. */
export const NO_MODEL_CALL: ModelCallTrace = { end: () => undefined };

/** See {@link NO_MODEL_CALL}. */
export const NO_TOOL_GROUP: ToolGroupTrace = { startToolCall: () => ({ end: () => undefined }), end: () => undefined };
