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
