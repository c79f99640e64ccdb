import { parseDataUrl, toBase64, stringifyJson } from '@tandem/provider-utils';
import type { FilePart, JsonValue, Message, Part, ProviderMetadata, ToolOutput } from '@tandem/core/spec';
import type {
  AnthropicCacheControl,
  AnthropicContentBlockParam,
  AnthropicFileBlockParam,
  AnthropicMessageParam,
  AnthropicTextBlockParam,
  AnthropicToolResultContent,
} from './anthropic-request.js';
import { InvalidRequestError } from '@tandem/provider-utils';

/**
 * The `system` and `messages` fields of a Messages API request.
 *
 * @category Wire format
 */
export interface AnthropicPrompt {
  readonly system: AnthropicTextBlockParam[] | undefined;
  readonly messages: AnthropicMessageParam[];
}

/**
 * Converts Tandem messages to the Messages API's `system` + `messages`.
 *
 * - `system` messages (and `options.system`) become top-level `system` blocks.
 * - Tool messages become `tool_result` blocks in a user turn (`is_error` for error and cancelled results);
 *   consecutive turns of the same role are merged, as the API requires alternation.
 * - Reasoning goes back as `thinking` (with its signature) or `redacted_thinking`; reasoning without
 *   Anthropic metadata (from another provider) is dropped, since the API rejects unsigned thinking.
 * - Provider-executed tool parts that came from Anthropic go back as `server_tool_use` and their result block.
 * - `providerMetadata.anthropic.cacheControl` on a part becomes that block's `cache_control`.
 *
 * @example
 * ```ts
 * const { system, messages } = convertToAnthropicMessages([userMessage('Hi')], { system: 'Be brief.' });
 * ```
 *
 * @category Wire format
 */
export function convertToAnthropicMessages(
  messages: readonly Message[],
  options: { readonly system?: string } = {},
): AnthropicPrompt {
  const system: AnthropicTextBlockParam[] = [];
  if (options.system) system.push({ type: 'text', text: options.system });
  const turns: AnthropicMessageParam[] = [];

  const push = (role: 'user' | 'assistant', blocks: AnthropicContentBlockParam[]) => {
    if (blocks.length === 0) return;
    const last = turns[turns.length - 1];
    if (last !== undefined && last.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  };

  for (const message of messages) {
    switch (message.role) {
      case 'system':
        for (const part of message.parts) if (part.type === 'text' && part.text !== '') system.push(textBlock(part.text, part));
        break;
      case 'user':
        push('user', message.parts.flatMap(userBlock));
        break;
      case 'assistant':
        push('assistant', message.parts.flatMap(assistantBlock));
        break;
      case 'tool':
        push('user', message.parts.flatMap(toolBlock));
        break;
    }
  }
  return { system: system.length > 0 ? system : undefined, messages: turns };
}

function userBlock(part: Part): AnthropicContentBlockParam[] {
  if (part.type === 'text') return part.text === '' ? [] : [textBlock(part.text, part)];
  if (part.type === 'file') return [fileBlock(part)];
  throw new InvalidRequestError({
    provider: 'anthropic',
    message: `A user message may hold text and file parts only, but it holds a '${part.type}' part. Move it to an assistant or tool message.`,
  });
}

function assistantBlock(part: Part): AnthropicContentBlockParam[] {
  const meta = anthropicMetadata(part.providerMetadata);
  switch (part.type) {
    case 'text':
      return part.text === '' ? [] : [textBlock(part.text, part)];
    case 'reasoning':
      if (typeof meta?.['redactedData'] === 'string') return [{ type: 'redacted_thinking', data: meta['redactedData'] }];
      if (typeof meta?.['signature'] === 'string') {
        return [{ type: 'thinking', thinking: part.text, signature: meta['signature'] }];
      }
      return [];
    case 'tool-call':
      return [withCache({ type: 'tool_use', id: part.toolCallId, name: part.toolName, input: toolInput(part) }, part)];
    case 'builtin-tool-call':
      if (meta === undefined) return [];
      return [{ type: 'server_tool_use', id: part.toolCallId, name: part.toolName, input: toolInput(part) }];
    case 'builtin-tool-result': {
      if (meta === undefined) return [];
      const type = typeof meta['blockType'] === 'string' ? meta['blockType'] : `${part.toolName}_tool_result`;
      return [{ type, tool_use_id: part.toolCallId, content: part.result }];
    }
    case 'file':
      // The Messages API does not accept files in assistant turns.
      return [];
    case 'tool-approval-request':
    case 'tool-approval-response':
    case 'compaction':
      // Run state for the agent loop (a compaction is sent as the context manager's summary), not model input.
      return [];
    case 'tool-result':
      throw new InvalidRequestError({
        provider: 'anthropic',
        message: 'A tool result must be in a tool message, not an assistant message.',
      });
  }
}

function toolBlock(part: Part): AnthropicContentBlockParam[] {
  // Run state for the agent loop, not model input.
  if (part.type === 'tool-approval-response') return [];
  if (part.type !== 'tool-result') {
    throw new InvalidRequestError({
      provider: 'anthropic',
      message: `A tool message may hold tool-result parts only, but it holds a '${part.type}' part.`,
    });
  }
  const block: AnthropicContentBlockParam = {
    type: 'tool_result',
    tool_use_id: part.toolCallId,
    content: toolResultContent(part.modelInput),
    ...(part.status === 'success' ? {} : { is_error: true }),
  };
  return [withCache(block, part)];
}

function toolResultContent(output: ToolOutput): AnthropicToolResultContent {
  switch (output.type) {
    case 'text':
      return output.value;
    case 'json':
      return stringifyJson(output.value);
    case 'content':
      return output.value.map((block) =>
        block.type === 'text'
          ? { type: 'text' as const, text: block.text }
          : fileBlock({ type: 'file', mediaType: block.mediaType, data: block.data, filename: block.filename }),
      );
  }
}

function textBlock(text: string, part: Part): AnthropicTextBlockParam {
  return withCache({ type: 'text', text }, part);
}

function fileBlock(part: FilePart): AnthropicFileBlockParam {
  const { mediaType, data } = part;
  const isImage = mediaType.startsWith('image/');
  if (!isImage && mediaType !== 'application/pdf' && mediaType !== 'text/plain') {
    throw new InvalidRequestError({
      provider: 'anthropic',
      message: `Anthropic models read images, PDFs and plain text, not '${mediaType}'. Convert the file or use another model.`,
    });
  }
  const type = isImage ? 'image' : 'document';
  const title = !isImage && part.filename !== undefined ? { title: part.filename } : {};
  if (data instanceof URL && data.protocol !== 'data:') {
    return withCache({ type, source: { type: 'url', url: data.href }, ...title }, part);
  }
  const bytes = data instanceof URL ? dataUrlBytes(data) : data;
  const source =
    mediaType === 'text/plain'
      ? ({ type: 'text', media_type: 'text/plain', data: new TextDecoder().decode(bytes) } as const)
      : ({ type: 'base64', media_type: mediaType, data: toBase64(bytes) } as const);
  return withCache({ type, source, ...title }, part);
}

function dataUrlBytes(url: URL): Uint8Array {
  const parsed = parseDataUrl(url.href);
  if (parsed === undefined) {
    throw new InvalidRequestError({
      provider: 'anthropic',
      message: `A file part holds a data URL that is not base64 (${url.href.slice(0, 40)}…). Pass the bytes instead.`,
    });
  }
  return parsed.data;
}

function toolInput(part: { readonly toolArgs: string; readonly input?: unknown }): unknown {
  if (part.input !== undefined) return part.input;
  if (part.toolArgs.trim() === '') return {};
  try {
    return JSON.parse(part.toolArgs) as unknown;
  } catch {
    // The model produced invalid JSON; the API needs an object, and the error result already says why.
    return {};
  }
}

function anthropicMetadata(metadata: ProviderMetadata | undefined): { [key: string]: JsonValue } | undefined {
  return metadata?.['anthropic'];
}

function withCache<T extends object>(block: T, part: Part): T {
  const cacheControl = anthropicMetadata(part.providerMetadata)?.['cacheControl'];
  if (typeof cacheControl !== 'object' || cacheControl === null || Array.isArray(cacheControl)) return block;
  return { ...block, cache_control: cacheControl as unknown as AnthropicCacheControl };
}
