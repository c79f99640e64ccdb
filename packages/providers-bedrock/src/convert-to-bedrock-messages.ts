import type {
  ContentBlock,
  DocumentFormat,
  ImageFormat,
  Message as BedrockMessage,
  SystemContentBlock,
  ToolResultContentBlock,
} from '@aws-sdk/client-bedrock-runtime';
import type { FilePart, JsonValue, Message, Part, ProviderMetadata, ToolOutput } from '@tandem/core/spec';
import { fromBase64, parseDataUrl } from '@tandem/provider-utils';
import { checkedDocument } from './document-depth.js';
import { InvalidRequestError } from '@tandem/provider-utils';

/**
 * The `system` and `messages` fields of a Converse request.
 *
 * @category Wire format
 */
export interface BedrockPrompt {
  readonly system: SystemContentBlock[] | undefined;
  readonly messages: BedrockMessage[];
  /** True when the history holds tool calls or results (Converse then requires a `toolConfig`). */
  readonly hasToolHistory: boolean;
}

const IMAGE_FORMATS: { readonly [mediaType: string]: ImageFormat } = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const DOCUMENT_FORMATS: { readonly [mediaType: string]: DocumentFormat } = {
  'application/pdf': 'pdf',
  'text/csv': 'csv',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.ms-excel': 'xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'text/html': 'html',
  'text/plain': 'txt',
  'text/markdown': 'md',
};

/**
 * Converts Tandem messages to Converse `system` + `messages`.
 *
 * - Tool results become `toolResult` blocks (`status: 'error'` for error and cancelled results) in a user
 *   turn; consecutive turns of the same role are merged, as Converse requires alternation.
 * - Reasoning goes back as `reasoningContent` (text + signature, or redacted bytes) when it came from
 *   Bedrock; reasoning of other vendors is dropped.
 * - Files are sent as bytes (images: png, jpeg, gif, webp; documents: pdf, csv, doc(x), xls(x), html, txt,
 *   md) or, for `s3://` URLs, as S3 locations. System-tool calls and results Bedrock ran itself go back as
 *   `toolUse` (`type: 'server_tool_use'`) and `toolResult` blocks; other vendors' provider-executed tools are dropped.
 * - `providerMetadata.bedrock.cachePoint: true` on a part adds a prompt-cache checkpoint after it.
 *
 * @example
 * ```ts
 * const { system, messages } = convertToBedrockMessages([userMessage('Hi')], { system: 'Be brief.' });
 * ```
 *
 * @category Wire format
 */
export function convertToBedrockMessages(
  messages: readonly Message[],
  options: { readonly system?: string } = {},
): BedrockPrompt {
  const system: SystemContentBlock[] = [];
  if (options.system) system.push({ text: options.system });
  const turns: { role: 'user' | 'assistant'; content: ContentBlock[] }[] = [];
  let hasToolHistory = false;
  let documents = 0;
  const nextDocumentName = () => `document-${++documents}`;

  const push = (role: 'user' | 'assistant', blocks: ContentBlock[]) => {
    if (blocks.length === 0) return;
    const last = turns[turns.length - 1];
    if (last !== undefined && last.role === role) last.content.push(...blocks);
    else turns.push({ role, content: blocks });
  };

  for (const message of messages) {
    switch (message.role) {
      case 'system':
        for (const part of message.parts) {
          if (part.type !== 'text' || part.text === '') continue;
          system.push({ text: part.text });
          if (wantsCachePoint(part)) system.push({ cachePoint: { type: 'default' } });
        }
        break;
      case 'user':
        push('user', message.parts.flatMap((part) => withCachePoint(part, userBlock(part, nextDocumentName))));
        break;
      case 'assistant':
        push('assistant', message.parts.flatMap((part) => withCachePoint(part, assistantBlock(part))));
        hasToolHistory ||= message.parts.some((part) => part.type === 'tool-call');
        break;
      case 'tool':
        push('user', message.parts.flatMap((part) => withCachePoint(part, toolBlock(part, nextDocumentName))));
        hasToolHistory ||= message.parts.length > 0;
        break;
    }
  }
  return { system: system.length > 0 ? system : undefined, messages: turns, hasToolHistory };
}

function userBlock(part: Part, nextDocumentName: () => string): ContentBlock[] {
  if (part.type === 'text') return part.text === '' ? [] : [{ text: part.text }];
  if (part.type === 'file') return [fileBlock(part, nextDocumentName)];
  throw new InvalidRequestError({
    provider: 'bedrock',
    message: `A user message may hold text and file parts only, but it holds a '${part.type}' part. Move it to an assistant or tool message.`,
  });
}

function assistantBlock(part: Part): ContentBlock[] {
  const meta = bedrockMetadata(part.providerMetadata);
  switch (part.type) {
    case 'text':
      return part.text === '' ? [] : [{ text: part.text }];
    case 'reasoning':
      if (meta === undefined) return [];
      if (typeof meta['redactedData'] === 'string') {
        return [{ reasoningContent: { redactedContent: fromBase64(meta['redactedData']) } }];
      }
      return [
        {
          reasoningContent: {
            reasoningText: {
              text: part.text,
              ...(typeof meta['signature'] === 'string' ? { signature: meta['signature'] } : {}),
            },
          },
        },
      ];
    case 'tool-call':
      return [{ toolUse: { toolUseId: part.toolCallId, name: part.toolName, input: toolInput(part) as never } }];
    case 'builtin-tool-call':
      // A system tool call Bedrock ran itself; calls of other vendors' tools are dropped.
      if (meta === undefined) return [];
      return [{ toolUse: { toolUseId: part.toolCallId, name: part.toolName, input: toolInput(part) as never, type: 'server_tool_use' } }];
    case 'builtin-tool-result':
      if (meta === undefined) return [];
      return [
        {
          toolResult: {
            toolUseId: part.toolCallId,
            content: (Array.isArray(part.result) ? part.result : [{ json: part.result }]) as ToolResultContentBlock[],
            ...(meta['status'] === 'error' || meta['status'] === 'success' ? { status: meta['status'] } : {}),
            ...(typeof meta['type'] === 'string' ? { type: meta['type'] } : {}),
          },
        },
      ];
    case 'file':
      // Converse accepts no files in assistant turns.
      return [];
    case 'tool-approval-request':
    case 'tool-approval-response':
    case 'compaction':
      // Run state for the agent loop (a compaction is sent as the context manager's summary), not model input.
      return [];
    case 'tool-result':
      throw new InvalidRequestError({ provider: 'bedrock', message: 'A tool result must be in a tool message, not an assistant message.' });
  }
}

function toolBlock(part: Part, nextDocumentName: () => string): ContentBlock[] {
  // Run state for the agent loop, not model input.
  if (part.type === 'tool-approval-response') return [];
  if (part.type !== 'tool-result') {
    throw new InvalidRequestError({
      provider: 'bedrock',
      message: `A tool message may hold tool-result parts only, but it holds a '${part.type}' part.`,
    });
  }
  return [
    {
      toolResult: {
        toolUseId: part.toolCallId,
        content: toolResultContent(part.modelInput, nextDocumentName),
        ...(part.status === 'success' ? {} : { status: 'error' as const }),
      },
    },
  ];
}

function toolResultContent(output: ToolOutput, nextDocumentName: () => string): ToolResultContentBlock[] {
  switch (output.type) {
    case 'text':
      return [{ text: output.value }];
    case 'json':
      return [{ json: checkedDocument(output.value, 'A JSON tool result') as never }];
    case 'content':
      return output.value.map((block): ToolResultContentBlock => {
        if (block.type === 'text') return { text: block.text };
        const file = fileBlock({ type: 'file', mediaType: block.mediaType, data: block.data, filename: block.filename }, nextDocumentName);
        if (file.image !== undefined) return { image: file.image };
        if (file.document !== undefined) return { document: file.document };
        throw new InvalidRequestError({ provider: 'bedrock', message: `Unsupported tool result file '${block.mediaType}'.` });
      });
  }
}

function fileBlock(part: FilePart, nextDocumentName: () => string): ContentBlock.ImageMember | ContentBlock.DocumentMember {
  const { mediaType } = part;
  const imageFormat = IMAGE_FORMATS[mediaType];
  const documentFormat = DOCUMENT_FORMATS[mediaType];
  if (imageFormat === undefined && documentFormat === undefined) {
    throw new InvalidRequestError({
      provider: 'bedrock',
      message: `Bedrock Converse accepts png/jpeg/gif/webp images and pdf, csv, doc(x), xls(x), html, txt or md documents, not '${mediaType}'.`,
    });
  }
  const source = fileSource(part);
  if (imageFormat !== undefined) return { image: { format: imageFormat, source } };
  return { document: { format: documentFormat, name: documentName(part.filename) ?? nextDocumentName(), source } };
}

function fileSource(part: FilePart): { bytes: Uint8Array } | { s3Location: { uri: string } } {
  const { data } = part;
  if (!(data instanceof URL)) return { bytes: data };
  if (data.protocol === 's3:') return { s3Location: { uri: data.href } };
  const parsed = data.protocol === 'data:' ? parseDataUrl(data.href) : undefined;
  if (parsed !== undefined) return { bytes: parsed.data };
  throw new InvalidRequestError({
    provider: 'bedrock',
    message: `Bedrock cannot fetch files from '${data.protocol}' URLs; download the file and pass its bytes, or use an s3:// URL.`,
  });
}

/** Converse document names allow letters, digits, whitespace, hyphens, parentheses and square brackets. */
function documentName(filename: string | undefined): string | undefined {
  if (filename === undefined) return undefined;
  const name = filename.replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9\s\-()[\]]/g, '-').replace(/\s+/g, ' ').trim();
  return name === '' ? undefined : name;
}

function toolInput(part: { readonly toolName: string; readonly toolArgs: string; readonly input?: unknown }): unknown {
  let input: unknown = part.input;
  if (input === undefined && part.toolArgs.trim() !== '') {
    try {
      input = JSON.parse(part.toolArgs) as unknown;
    } catch {
      // Invalid JSON from the model: Converse needs an object, and the error result already says why.
      return {};
    }
  }
  return checkedDocument(input ?? {}, `The input of the ${part.toolName} call`);
}

function bedrockMetadata(metadata: ProviderMetadata | undefined): { [key: string]: JsonValue } | undefined {
  return metadata?.['bedrock'];
}

function wantsCachePoint(part: Part): boolean {
  return bedrockMetadata(part.providerMetadata)?.['cachePoint'] === true;
}

function withCachePoint(part: Part, blocks: ContentBlock[]): ContentBlock[] {
  return blocks.length > 0 && wantsCachePoint(part) ? [...blocks, { cachePoint: { type: 'default' } }] : blocks;
}
