import { base64ToBytes } from '@tandem/core/runtime';
import { toolContent, type ToolContentBlock } from '@tandem/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { McpToolError } from './errors/mcp-tool-error.js';

/**
 * One content block of an MCP tool result: `text`, `image`, `audio`, `resource_link` or `resource`.
 *
 * @example
 * ```ts
 * const block: McpContentBlock = { type: 'text', text: 'Hello' };
 * ```
 *
 * @category Client
 */
export type McpContentBlock = CallToolResult['content'][number];

/**
 * Maps MCP content blocks to Tandem tool content: text stays text; images and audio become file blocks
 * with decoded bytes (never base64 text); resource links become a line of text with their URI; embedded
 * resources become text with their URI, followed by their text, or by a file block for a binary blob.
 *
 * @example
 * ```ts
 * mcpContentToBlocks([{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }]);
 * // [{ type: 'file', mediaType: 'image/png', data: Uint8Array [...] }]
 * ```
 *
 * @category Client
 */
export function mcpContentToBlocks(content: readonly McpContentBlock[]): ToolContentBlock[] {
  const blocks: ToolContentBlock[] = [];
  for (const block of content) {
    switch (block.type) {
      case 'text':
        blocks.push({ type: 'text', text: block.text });
        break;
      case 'image':
      case 'audio':
        blocks.push({ type: 'file', mediaType: block.mimeType, data: decodeBase64(block.data) });
        break;
      case 'resource_link': {
        const label = block.title ?? block.name;
        const details = [block.mimeType, block.description].filter((part) => part !== undefined && part !== '');
        blocks.push({
          type: 'text',
          text: `Resource link: ${label} <${block.uri}>${details.length > 0 ? ` (${details.join('; ')})` : ''}`,
        });
        break;
      }
      case 'resource': {
        const resource = block.resource;
        const mediaType = resource.mimeType;
        if ('text' in resource) {
          blocks.push({ type: 'text', text: `Resource <${resource.uri}>${mediaType ? ` (${mediaType})` : ''}:\n${resource.text}` });
        } else {
          const data = decodeBase64(resource.blob);
          blocks.push({
            type: 'text',
            text: `Resource <${resource.uri}> (${mediaType ?? 'application/octet-stream'}, ${data.byteLength} bytes)`,
          });
          blocks.push({
            type: 'file',
            mediaType: mediaType ?? 'application/octet-stream',
            data,
            filename: fileNameOf(resource.uri),
          });
        }
        break;
      }
    }
  }
  return blocks;
}

/**
 * Turns an MCP `tools/call` result into what a Tandem tool returns:
 *
 * - `isError: true` → throws {@link McpToolError} carrying the server's text, so the call is an error result;
 * - any image, audio or binary resource → `toolContent([...])` (text and file blocks, in server order);
 * - otherwise `structuredContent`, when present → that JSON value (stored as the result, sent to the model as JSON);
 * - otherwise → the text blocks joined with a newline (a plain string).
 *
 * @example
 * ```ts
 * mapCallToolResult({ content: [{ type: 'text', text: 'Echo: hi' }] }, 'echo'); // 'Echo: hi'
 * mapCallToolResult({ content: [], structuredContent: { sum: 3 } }, 'add');     // { sum: 3 }
 * ```
 *
 * @category Client
 */
export function mapCallToolResult(result: CallToolResult, toolName: string): unknown {
  const blocks = mcpContentToBlocks(result.content ?? []);
  const text = blocks
    .flatMap((block) => (block.type === 'text' ? [block.text] : []))
    .join('\n');
  if (result.isError === true) {
    throw new McpToolError({
      toolName,
      text: text.length > 0 || result.structuredContent === undefined ? text : JSON.stringify(result.structuredContent),
      content: blocks,
      structuredContent: result.structuredContent,
    });
  }
  if (blocks.some((block) => block.type === 'file')) return toolContent(blocks);
  if (result.structuredContent !== undefined) return result.structuredContent;
  return text;
}

function decodeBase64(data: string): Uint8Array {
  return base64ToBytes(data);
}

function fileNameOf(uri: string): string | undefined {
  const last = uri.split(/[/\\]/).pop();
  return last === undefined || last === '' ? undefined : last;
}
