import type { JsonSchema, ToolDefinition } from '@tandem/core/spec';
import type { GoogleTool } from '../google-request.js';
import { toGoogleProviderTool } from '../google-tools.js';
import type { GoogleLiveSettings } from './google-live-settings.js';

/** A `functionDeclarations` entry of the Live `setup` message. @internal */
export interface LiveFunctionDeclaration {
  readonly name: string;
  readonly description: string;
  readonly parametersJsonSchema: JsonSchema;
  readonly behavior?: 'BLOCKING' | 'NON_BLOCKING';
}

/**
 * The session configuration handed to `@google/genai`'s `live.connect()` (its `LiveConnectConfig`), which
 * the SDK turns into the `setup` message. @internal
 */
export interface LiveSetupConfig {
  readonly responseModalities: readonly ['AUDIO'];
  readonly systemInstruction?: { readonly parts: readonly { readonly text: string }[] };
  readonly tools?: readonly ({ readonly functionDeclarations: readonly LiveFunctionDeclaration[] } | Exclude<GoogleTool, { functionDeclarations: unknown }>)[];
  readonly inputAudioTranscription: Record<string, never>;
  readonly outputAudioTranscription: Record<string, never>;
  readonly sessionResumption: { readonly handle?: string };
  readonly contextWindowCompression?: { readonly triggerTokens?: string; readonly slidingWindow: { readonly targetTokens?: string } };
  readonly speechConfig?: { readonly voiceConfig?: { readonly prebuiltVoiceConfig: { readonly voiceName: string } }; readonly languageCode?: string };
  readonly historyConfig?: { readonly initialHistoryInClientContent: true };
  readonly realtimeInputConfig?: {
    readonly automaticActivityDetection?: {
      readonly disabled?: boolean;
      readonly startOfSpeechSensitivity?: 'START_SENSITIVITY_HIGH' | 'START_SENSITIVITY_LOW';
      readonly endOfSpeechSensitivity?: 'END_SENSITIVITY_HIGH' | 'END_SENSITIVITY_LOW';
      readonly prefixPaddingMs?: number;
      readonly silenceDurationMs?: number;
    };
    readonly activityHandling?: 'START_OF_ACTIVITY_INTERRUPTS' | 'NO_INTERRUPTION';
  };
}

/** What {@link buildLiveSetup} needs. @internal */
export interface LiveSetupInput {
  readonly systemParts: readonly string[];
  readonly tools: readonly ToolDefinition[];
  readonly settings: GoogleLiveSettings;
  /** Resume this session (a `sessionResumptionUpdate` handle); without it a new session starts. */
  readonly resumeHandle?: string;
  /** History follows as `clientContent` (closed by `turnComplete: true`) before any realtime input. */
  readonly seedsHistory?: boolean;
  /** Receives non-fatal warnings (provider tools Gemini Live cannot take). */
  readonly warn: (message: string) => void;
}

/**
 * Builds the Live session configuration: spoken answers (`responseModalities: ['AUDIO']`), both audio
 * transcriptions, session resumption (always on, so go-aways can be resumed), sliding-window context
 * compression (default on), function declarations with `parametersJsonSchema` (standard JSON Schema, sent
 * as is) and their `behavior` (`NON_BLOCKING` for tools with a `delivery`), Google Search / code execution when asked for, the system instruction, voice
 * and voice activity detection. @internal
 */
export function buildLiveSetup(input: LiveSetupInput): LiveSetupConfig {
  const { settings } = input;
  const declarations: LiveFunctionDeclaration[] = [];
  const builtins: Exclude<GoogleTool, { functionDeclarations: unknown }>[] = [];
  for (const tool of input.tools) {
    if (tool.kind !== 'function') {
      const builtin = toGoogleProviderTool(tool);
      if (builtin === undefined || 'functionDeclarations' in builtin) input.warn(`Gemini Live does not take the provider tool '${tool.id}'; it was not sent.`);
      else builtins.push(builtin);
      continue;
    }
    // A tool with a delivery mode is NON_BLOCKING, so its results are scheduled (INTERRUPT / WHEN_IDLE / SILENT).
    const behavior = settings.toolOptions?.[tool.name]?.behavior ?? (tool.delivery === undefined ? undefined : 'NON_BLOCKING');
    declarations.push({
      name: tool.name,
      description: tool.description,
      parametersJsonSchema: withoutSchemaKeyword(tool.inputSchema),
      ...(behavior === undefined ? {} : { behavior }),
    });
  }
  const compression = settings.contextWindowCompression ?? {};
  const system = input.systemParts.filter((text) => text !== '');
  return {
    responseModalities: ['AUDIO'],
    ...(system.length === 0 ? {} : { systemInstruction: { parts: system.map((text) => ({ text })) } }),
    ...(declarations.length + builtins.length === 0
      ? {}
      : { tools: [...(declarations.length === 0 ? [] : [{ functionDeclarations: declarations }]), ...builtins] }),
    inputAudioTranscription: {},
    outputAudioTranscription: {},
    sessionResumption: input.resumeHandle === undefined ? {} : { handle: input.resumeHandle },
    ...(compression === false
      ? {}
      : {
          contextWindowCompression: {
            ...(compression.triggerTokens === undefined ? {} : { triggerTokens: String(compression.triggerTokens) }),
            slidingWindow: compression.targetTokens === undefined ? {} : { targetTokens: String(compression.targetTokens) },
          },
        }),
    ...speechConfig(settings),
    ...(input.seedsHistory === true ? { historyConfig: { initialHistoryInClientContent: true } } : {}),
    ...realtimeInputConfig(settings),
  };
}

function speechConfig(settings: GoogleLiveSettings): Pick<LiveSetupConfig, 'speechConfig'> {
  const { voice, languageCode } = settings;
  if (voice === undefined && languageCode === undefined) return {};
  return {
    speechConfig: {
      ...(voice === undefined ? {} : { voiceConfig: { prebuiltVoiceConfig: { voiceName: voice } } }),
      ...(languageCode === undefined ? {} : { languageCode }),
    },
  };
}

/** The shared turn detection over the deprecated `voiceActivityDetection` (the shared fields win). */
function voiceActivity(settings: GoogleLiveSettings): (NonNullable<GoogleLiveSettings['voiceActivityDetection']> & { readonly disabled?: true }) | undefined {
  const detection = settings.turnDetection;
  const legacy = settings.voiceActivityDetection;
  if (detection === undefined) return legacy;
  const end = detection.eagerness === 'high' ? 'HIGH' : detection.eagerness === 'low' ? 'LOW' : undefined;
  return {
    ...legacy,
    ...(detection.type === 'manual' ? { disabled: true as const } : {}),
    ...(detection.silenceMs === undefined ? {} : { silenceDurationMs: detection.silenceMs }),
    ...(end === undefined ? {} : { endSensitivity: end }),
    ...(detection.interruptResponse === undefined ? {} : { interruptResponse: detection.interruptResponse }),
  };
}

function realtimeInputConfig(settings: GoogleLiveSettings): Pick<LiveSetupConfig, 'realtimeInputConfig'> {
  const vad = voiceActivity(settings);
  if (vad === undefined) return {};
  const detection = {
    ...(vad.disabled === true ? { disabled: true } : {}),
    ...(vad.startSensitivity === undefined ? {} : { startOfSpeechSensitivity: `START_SENSITIVITY_${vad.startSensitivity}` as const }),
    ...(vad.endSensitivity === undefined ? {} : { endOfSpeechSensitivity: `END_SENSITIVITY_${vad.endSensitivity}` as const }),
    ...(vad.prefixPaddingMs === undefined ? {} : { prefixPaddingMs: vad.prefixPaddingMs }),
    ...(vad.silenceDurationMs === undefined ? {} : { silenceDurationMs: vad.silenceDurationMs }),
  };
  return {
    realtimeInputConfig: {
      ...(Object.keys(detection).length === 0 ? {} : { automaticActivityDetection: detection }),
      ...(vad.interruptResponse === undefined
        ? {}
        : { activityHandling: vad.interruptResponse ? ('START_OF_ACTIVITY_INTERRUPTS' as const) : ('NO_INTERRUPTION' as const) }),
    },
  };
}

/** Drops the `$schema` keyword, which describes the document rather than the parameters. */
function withoutSchemaKeyword(schema: JsonSchema): JsonSchema {
  if (!('$schema' in schema)) return schema;
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}
