import { parseDataUrl, toBase64 } from '@tandem/provider-utils';
import type { FilePart, JsonValue, Message, Part, ProviderMetadata, ToolResultPart } from '@tandem/core/spec';
import type { GoogleContent, GoogleRequestPart } from './google-request.js';
import { InvalidRequestError } from '@tandem/provider-utils';

/**
 * The `systemInstruction` and `contents` fields of a Gemini request.
 *
 * @category Wire format
 */
export interface GooglePrompt {
  readonly systemInstruction: { readonly parts: { readonly text: string }[] } | undefined;
  readonly contents: GoogleContent[];
}

/**
 * Converts Tandem messages to Gemini `systemInstruction` + `contents`.
 *
 * - `system` messages (and `options.system`) become `systemInstruction` parts.
 * - Assistant turns become `model` contents; `thoughtSignature`s kept in `providerMetadata.google` go
 *   back on the part they came with (Gemini 3 rejects function calls without them). Reasoning without
 *   Gemini metadata (from another vendor) is dropped.
 * - Tool results become `functionResponse` parts (`{ output }`, or `{ error }` for error and cancelled
 *   results) in a user turn, echoing the call's wire `id` when Gemini gave one; images in a result follow
 *   as `inlineData` parts of the same turn. Consecutive turns of the same role are merged.
 *
 * @example
 * ```ts
 * const { systemInstruction, contents } = convertToGoogleContents([userMessage('Hi')], { system: 'Be brief.' });
 * ```
 *
 * @category Wire format
 */
export function convertToGoogleContents(
  messages: readonly Message[],
  options: { readonly system?: string } = {},
): GooglePrompt {
  const system: { text: string }[] = [];
  if (options.system) system.push({ text: options.system });
  const contents: GoogleContent[] = [];
  /** Tandem tool-call id → the id Gemini gave the call, if any. */
  const wireIds = new Map<string, string>();

  const push = (role: 'user' | 'model', parts: GoogleRequestPart[]) => {
    if (parts.length === 0) return;
    const last = contents[contents.length - 1];
    if (last !== undefined && last.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  };

  for (const message of messages) {
    switch (message.role) {
      case 'system':
        for (const part of message.parts) if (part.type === 'text' && part.text !== '') system.push({ text: part.text });
        break;
      case 'user':
        push('user', message.parts.flatMap(userPart));
        break;
      case 'assistant':
        push('model', message.parts.flatMap((part) => modelPart(part, wireIds)));
        break;
      case 'tool':
        push('user', message.parts.flatMap((part) => toolPart(part, wireIds)));
        break;
    }
  }
  return { systemInstruction: system.length > 0 ? { parts: system } : undefined, contents };
}

function userPart(part: Part): GoogleRequestPart[] {
  if (part.type === 'text') return part.text === '' ? [] : [{ text: part.text }];
  if (part.type === 'file') return [filePart(part)];
  throw new InvalidRequestError({
    provider: 'google',
    message: `A user message may hold text and file parts only, but it holds a '${part.type}' part. Move it to an assistant or tool message.`,
  });
}

function modelPart(part: Part, wireIds: Map<string, string>): GoogleRequestPart[] {
  const meta = googleMetadata(part.providerMetadata);
  const signature = typeof meta?.['thoughtSignature'] === 'string' ? { thoughtSignature: meta['thoughtSignature'] } : {};
  switch (part.type) {
    case 'text':
      return part.text === '' && signature.thoughtSignature === undefined ? [] : [{ text: part.text, ...signature }];
    case 'reasoning':
      return meta === undefined ? [] : [{ text: part.text, thought: true, ...signature }];
    case 'file':
      return [filePart(part)];
    case 'tool-call': {
      const wireId = typeof meta?.['functionCallId'] === 'string' ? meta['functionCallId'] : undefined;
      if (wireId !== undefined) wireIds.set(part.toolCallId, wireId);
      return [
        {
          functionCall: { ...(wireId === undefined ? {} : { id: wireId }), name: part.toolName, args: toolArgs(part) },
          ...signature,
        },
      ];
    }
    case 'builtin-tool-call':
      if (meta === undefined || part.toolName !== 'code_execution') return [];
      return [{ executableCode: toolArgs(part), ...signature }];
    case 'builtin-tool-result':
      if (meta === undefined || part.toolName !== 'code_execution') return [];
      return [{ codeExecutionResult: part.result }];
    case 'tool-approval-request':
    case 'tool-approval-response':
    case 'compaction':
      // Run state for the agent loop (a compaction is sent as the context manager's summary), not model input.
      return [];
    case 'tool-result':
      throw new InvalidRequestError({
        provider: 'google',
        message: 'A tool result must be in a tool message, not an assistant message.',
      });
  }
}

function toolPart(part: Part, wireIds: Map<string, string>): GoogleRequestPart[] {
  // Run state for the agent loop, not model input.
  if (part.type === 'tool-approval-response') return [];
  if (part.type !== 'tool-result') {
    throw new InvalidRequestError({
      provider: 'google',
      message: `A tool message may hold tool-result parts only, but it holds a '${part.type}' part.`,
    });
  }
  const { value, files } = toolOutput(part);
  const id = wireIds.get(part.toolCallId);
  return [
    {
      functionResponse: {
        ...(id === undefined ? {} : { id }),
        name: part.toolName,
        response: part.status === 'success' ? { output: value } : { error: value },
      },
    },
    ...files.map(filePart),
  ];
}

function toolOutput(part: ToolResultPart): { value: unknown; files: FilePart[] } {
  const output = part.modelInput;
  if (output.type !== 'content') return { value: output.value, files: [] };
  const texts: string[] = [];
  const files: FilePart[] = [];
  for (const block of output.value) {
    if (block.type === 'text') texts.push(block.text);
    else files.push({ type: 'file', mediaType: block.mediaType, data: block.data, filename: block.filename });
  }
  return { value: texts.join('\n'), files };
}

function filePart(part: FilePart): GoogleRequestPart {
  const { mediaType, data } = part;
  if (data instanceof URL && data.protocol !== 'data:') return { fileData: { mimeType: mediaType, fileUri: data.href } };
  const bytes = data instanceof URL ? dataUrlBytes(data) : data;
  return { inlineData: { mimeType: mediaType, data: toBase64(bytes) } };
}

function dataUrlBytes(url: URL): Uint8Array {
  const parsed = parseDataUrl(url.href);
  if (parsed === undefined) {
    throw new InvalidRequestError({
      provider: 'google',
      message: `A file part holds a data URL that is not base64 (${url.href.slice(0, 40)}…). Pass the bytes instead.`,
    });
  }
  return parsed.data;
}

function toolArgs(part: { readonly toolArgs: string; readonly input?: unknown }): unknown {
  if (part.input !== undefined) return part.input;
  if (part.toolArgs.trim() === '') return {};
  try {
    return JSON.parse(part.toolArgs) as unknown;
  } catch {
    // Invalid JSON from the model: Gemini needs an object, and the error result already says why.
    return {};
  }
}

function googleMetadata(metadata: ProviderMetadata | undefined): { [key: string]: JsonValue } | undefined {
  return metadata?.['google'];
}
