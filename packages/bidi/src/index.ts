/**
 * Tandem realtime voice agents: `BidiAgent` talks and runs tools at the same time.
 *
 * @packageDocumentation
 */
export { BidiAgent } from './bidi-agent.js';
export type { BidiAgentHandle } from './bidi-agent-handle.js';
export type { BidiAgentOptions, BidiAgentUpdate, BidiReconnectOptions } from './bidi-agent-options.js';
export type { BidiAgentHooks } from './session/bidi-hooks.js';
export type { BidiHandoffTarget, BidiHandoffEntry } from './handoff/bidi-handoff-target.js';
export type { BidiRunOptions, BidiRunResult } from './bidi-run-options.js';
export type { BidiAgentInput, BidiInputEnd } from './bidi-agent-input.js';
export type { BidiAgentOutput } from './bidi-agent-output.js';
export type { BidiQueueOptions } from './bidi-queue-options.js';
export type {
  BidiEvent,
  BidiEventBase,
  BidiEventOf,
  BidiEventType,
  BidiCloseReason,
  BidiRestartReason,
  BidiAudioMetrics,
  BidiBargeInMetrics,
  BidiNestedAgentEvent,
} from './bidi-event.js';
export { BidiConnectionError } from './errors/bidi-connection-error.js';
export { BidiAgentStateError } from './errors/bidi-agent-state-error.js';
export { BidiOutputOverflowError } from './errors/bidi-output-overflow-error.js';
export { BidiOutputError } from './errors/bidi-output-error.js';
export { BidiStuckPeerError } from './errors/bidi-stuck-peer-error.js';
export { BidiSessionAppendError } from './errors/bidi-session-append-error.js';
export { BidiContextError, type BidiContextErrorReason } from './errors/bidi-context-error.js';
export { pcm16ToInt16, int16ToPcm16 } from './pcm/pcm16-samples.js';
export { int16ToFloat32, float32ToInt16 } from './pcm/int16-float32.js';
export { resamplePcm16, resampleInt16 } from './pcm/resample-pcm16.js';
export { Pcm16Resampler } from './pcm/pcm16-resampler.js';
export { pcm16ToBase64, base64ToPcm16 } from './pcm/pcm16-base64.js';
export { pcm16DurationMs } from './pcm/pcm16-duration.js';
export { textInput, type TextInputOptions } from './io/text-input.js';
export { textOutput, type TextOutputOptions } from './io/text-output.js';
export { webSocketIO, type WebSocketIO, type WebSocketIOOptions } from './io/web-socket-io.js';
export type { WebSocketLike } from './io/web-socket-like.js';
export { twilioMediaStreamIO, type TwilioMediaStreamIO, type TwilioMediaStreamIOOptions } from './io/twilio/twilio-media-stream-io.js';
export type { TwilioStreamStart } from './io/twilio/twilio-messages.js';
export { mulawToInt16, int16ToMulaw } from './pcm/mulaw.js';
export { fallbackBidiModel, type FallbackBidiModelOptions } from './connection/fallback-bidi-model.js';
