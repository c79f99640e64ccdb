import type { ModelRequest } from '../spec/language-model/v1/model-request.js';
import type { AgentOptions } from './agent-types.js';
import type { LoopConfig } from './run-context.js';
import { modelMessages } from './model-messages.js';
import type { ToolSnapshot } from './tool-catalog.js';

type Settings = { -readonly [K in keyof Omit<ModelRequest, 'messages' | 'tools'>]: ModelRequest[K] };

/** The request for the next model call: history so far, the tools as they are now, and the agent's settings. @internal */
export function buildRequest(config: LoopConfig, tools: ToolSnapshot): ModelRequest {
  const settings = requestSettings(config.options);
  if (config.output !== undefined) settings.responseFormat = config.output.responseFormat;
  return { messages: modelMessages(config.state.messages), tools: tools.definitions, ...settings };
}

function requestSettings(options: AgentOptions): Settings {
  const settings: Settings = {};
  if (options.system !== undefined) settings.system = options.system;
  if (options.toolChoice !== undefined) settings.toolChoice = options.toolChoice;
  if (options.maxOutputTokens !== undefined) settings.maxOutputTokens = options.maxOutputTokens;
  if (options.temperature !== undefined) settings.temperature = options.temperature;
  if (options.topP !== undefined) settings.topP = options.topP;
  if (options.stopSequences !== undefined) settings.stopSequences = options.stopSequences;
  if (options.seed !== undefined) settings.seed = options.seed;
  if (options.providerOptions !== undefined) settings.providerOptions = options.providerOptions;
  return settings;
}
