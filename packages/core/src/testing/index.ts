/**
 * Test doubles for Tandem agents: scripted models that run offline and deterministically.
 *
 * @packageDocumentation
 */
export { ScriptedModel, type ScriptedModelOptions, type ScriptedResponse, type ScriptedResponseSource } from './scripted-model.js';
export {
  textResponse,
  toolCallResponse,
  finishPart,
  type ScriptedResponseOptions,
  type ScriptedToolCall,
} from './responses.js';
export { ManualClock, systemClock, type Clock } from './clock.js';
export { ScriptedBidiModel, type ScriptedBidiModelOptions } from './scripted-bidi-model.js';
export {
  ScriptedBidiConnection,
  type ScriptedBidiReaction,
  type ScriptedBidiRecord,
} from './scripted-bidi-model-connection.js';
export {
  bidiResponseEvents,
  bidiToolGroup,
  pcm16Silence,
  type BidiResponseEventsOptions,
  type ScriptedBidiToolCall,
} from './scripted-bidi-model-events.js';
