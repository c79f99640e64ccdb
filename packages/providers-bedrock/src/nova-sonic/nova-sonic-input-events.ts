import { randomUUID } from 'node:crypto';
import type { ToolDefinition } from '@tandem/core/spec';
import { emitProviderWarning } from '@tandem/provider-utils';

/** One input event of the Nova Sonic protocol: the JSON object sent in a `chunk.bytes` frame. @internal */
export interface NovaInputEvent {
  readonly event: { readonly [name: string]: unknown };
}

/** Input PCM16 audio: 16 kHz mono (the rate Nova Sonic documents for speech input). @internal */
export const NOVA_INPUT_RATE = 16_000;
/** Output PCM16 audio: 24 kHz mono. @internal */
export const NOVA_OUTPUT_RATE = 24_000;

const TEXT_CONFIG = { mediaType: 'text/plain' } as const;
/** The largest `textInput` Bedrock documents for history (1 KB); longer text is split over several. */
const MAX_TEXT_INPUT_BYTES = 1024;

/** What `sessionStart` and `promptStart` are built from. @internal */
export interface NovaSessionSetup {
  readonly promptName: string;
  readonly voice: string;
  readonly inference: { readonly maxTokens: number; readonly topP: number; readonly temperature: number };
  readonly endpointingSensitivity: 'HIGH' | 'MEDIUM' | 'LOW' | undefined;
  readonly tools: readonly ToolDefinition[];
}

/** `sessionStart`: inference configuration (and turn detection when set). @internal */
export function sessionStart(setup: NovaSessionSetup): NovaInputEvent {
  return {
    event: {
      sessionStart: {
        inferenceConfiguration: setup.inference,
        ...(setup.endpointingSensitivity === undefined ? {} : { turnDetectionConfiguration: { endpointingSensitivity: setup.endpointingSensitivity } }),
      },
    },
  };
}

/** `promptStart`: text, 24 kHz audio and tool-use output, and the function tools with their JSON schemas as strings. @internal */
export function promptStart(setup: NovaSessionSetup): NovaInputEvent {
  const tools = [];
  for (const tool of setup.tools) {
    if (tool.kind === 'function') {
      tools.push({ toolSpec: { name: tool.name, description: tool.description, inputSchema: { json: JSON.stringify(tool.inputSchema) } } });
    } else {
      emitProviderWarning(`Amazon Nova Sonic: provider tool ${tool.id} is not supported and was left out.`);
    }
  }
  return {
    event: {
      promptStart: {
        promptName: setup.promptName,
        textOutputConfiguration: TEXT_CONFIG,
        audioOutputConfiguration: {
          mediaType: 'audio/lpcm',
          sampleRateHertz: NOVA_OUTPUT_RATE,
          sampleSizeBits: 16,
          channelCount: 1,
          voiceId: setup.voice,
          encoding: 'base64',
          audioType: 'SPEECH',
        },
        toolUseOutputConfiguration: { mediaType: 'application/json' },
        ...(tools.length === 0 ? {} : { toolConfiguration: { tools } }),
      },
    },
  };
}

/**
 * A TEXT content block: `contentStart` (role, interactive), one or more `textInput` (history text is cut
 * into pieces of at most 1 KB, on character boundaries), `contentEnd`. @internal
 */
export function textBlock(promptName: string, role: 'SYSTEM' | 'USER' | 'ASSISTANT', text: string, interactive: boolean): NovaInputEvent[] {
  const contentName = randomUUID();
  const pieces = role === 'SYSTEM' ? [text] : splitUtf8(text, MAX_TEXT_INPUT_BYTES);
  return [
    { event: { contentStart: { promptName, contentName, type: 'TEXT', interactive, role, textInputConfiguration: TEXT_CONFIG } } },
    ...pieces.map((content) => ({ event: { textInput: { promptName, contentName, content } } })),
    { event: { contentEnd: { promptName, contentName } } },
  ];
}

/** The `contentStart` of the interactive AUDIO block that carries the microphone for the whole session. @internal */
export function audioContentStart(promptName: string, contentName: string): NovaInputEvent {
  return {
    event: {
      contentStart: {
        promptName,
        contentName,
        type: 'AUDIO',
        interactive: true,
        role: 'USER',
        audioInputConfiguration: {
          mediaType: 'audio/lpcm',
          sampleRateHertz: NOVA_INPUT_RATE,
          sampleSizeBits: 16,
          channelCount: 1,
          audioType: 'SPEECH',
          encoding: 'base64',
        },
      },
    },
  };
}

/** One `audioInput` frame of the AUDIO block (base64 PCM16). @internal */
export function audioInput(promptName: string, contentName: string, base64: string): NovaInputEvent {
  return { event: { audioInput: { promptName, contentName, content: base64 } } };
}

/** A TOOL content block answering `toolUseId`: `contentStart` (toolResultInputConfiguration), `toolResult`, `contentEnd`. @internal */
export function toolResultBlock(promptName: string, toolUseId: string, content: string): NovaInputEvent[] {
  const contentName = randomUUID();
  return [
    {
      event: {
        contentStart: {
          promptName,
          contentName,
          interactive: false,
          type: 'TOOL',
          role: 'TOOL',
          toolResultInputConfiguration: { toolUseId, type: 'TEXT', textInputConfiguration: TEXT_CONFIG },
        },
      },
    },
    { event: { toolResult: { promptName, contentName, content } } },
    { event: { contentEnd: { promptName, contentName } } },
  ];
}

/** `contentEnd` of a block. @internal */
export function contentEnd(promptName: string, contentName: string): NovaInputEvent {
  return { event: { contentEnd: { promptName, contentName } } };
}

/** `promptEnd` then `sessionEnd`: the documented end of a session. @internal */
export function sessionClose(promptName: string): NovaInputEvent[] {
  return [{ event: { promptEnd: { promptName } } }, { event: { sessionEnd: {} } }];
}

/** Splits text into pieces of at most `maxBytes` UTF-8 bytes without cutting a character. @internal */
export function splitUtf8(text: string, maxBytes: number): string[] {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return [text];
  const pieces: string[] = [];
  let piece = '';
  let size = 0;
  for (const char of text) {
    const bytes = Buffer.byteLength(char, 'utf8');
    if (size + bytes > maxBytes) {
      pieces.push(piece);
      piece = '';
      size = 0;
    }
    piece += char;
    size += bytes;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}
