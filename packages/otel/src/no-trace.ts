import type { ModelCallTrace, RunTrace, SessionTrace, ToolCallTrace, ToolGroupTrace } from '@tandem/core';

/** What a start method returns if starting its span failed: traces nothing, never throws. */
export const NO_MODEL_CALL: ModelCallTrace = { end: () => undefined };

/** See {@link NO_MODEL_CALL}. */
export const NO_TOOL_CALL: ToolCallTrace = { end: () => undefined };

/** See {@link NO_MODEL_CALL}. Its calls share one {@link NO_TOOL_CALL}: an untraced call allocates nothing. */
export const NO_TOOL_GROUP: ToolGroupTrace = { startToolCall: () => NO_TOOL_CALL, end: () => undefined };

/**
 * The trace of a run that records nothing — sampled out, no SDK registered, or its span failed to start:
 * one shared object, so such a run allocates nothing past its (non-recording) root span.
 */
export const NO_RUN: RunTrace = { startModelCall: () => NO_MODEL_CALL, startToolGroup: () => NO_TOOL_GROUP, end: () => undefined };

/** See {@link NO_RUN}, for a conversation. */
export const NO_SESSION: SessionTrace = { event: () => undefined, startToolGroup: () => NO_TOOL_GROUP, end: () => undefined };
