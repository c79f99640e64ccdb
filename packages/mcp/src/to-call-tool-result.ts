import { bytesToBase64 } from '@tandem/core/runtime';
import type { ToolContentBlock, ToolOutput } from '@tandem/core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * Maps what a Tandem tool sends its model (a `ToolOutput`) to an MCP `tools/call` result: text → a text
 * block; JSON → a text block with the JSON, plus `structuredContent` when it is an object; mixed content →
 * text, image and audio blocks, other files as embedded binary resources.
 *
 * @example
 * ```ts
 * toCallToolResult({ type: 'json', value: { sum: 3 } });
 * // { content: [{ type: 'text', text: '{"sum":3}' }], structuredContent: { sum: 3 } }
 * ```
 *
 * @category Server
 */
export function toCallToolResult(output: ToolOutput): CallToolResult {
  switch (output.type) {
    case 'text':
      return { content: [{ type: 'text', text: output.value }] };
    case 'json': {
      const value = output.value;
      const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
      return {
        content: [{ type: 'text', text: JSON.stringify(value) }],
        ...(isObject ? { structuredContent: value } : {}),
      };
    }
    case 'content':
      return { content: output.value.map((block, index) => toMcpBlock(block, index)) };
  }
}

function toMcpBlock(block: ToolContentBlock, index: number): CallToolResult['content'][number] {
  if (block.type === 'text') return { type: 'text', text: block.text };
  const data = bytesToBase64(block.data);
  if (block.mediaType.startsWith('image/')) return { type: 'image', data, mimeType: block.mediaType };
  if (block.mediaType.startsWith('audio/')) return { type: 'audio', data, mimeType: block.mediaType };
  const name = encodeURIComponent(block.filename ?? `file-${index + 1}`);
  return { type: 'resource', resource: { uri: `tandem:tool-output/${name}`, mimeType: block.mediaType, blob: data } };
}
