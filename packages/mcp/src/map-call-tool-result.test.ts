import { describe, expect, it } from 'vitest';
import { isToolContent, toolContent, type ToolContent } from '@tandem/core';
import { McpToolError } from './errors/mcp-tool-error.js';
import { mapCallToolResult, mcpContentToBlocks } from './map-call-tool-result.js';
import { toCallToolResult } from './to-call-tool-result.js';

const WAV = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 2]);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('mapCallToolResult', () => {
  it('joins pure text content into a string', () => {
    expect(mapCallToolResult({ content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }, 't')).toBe('a\nb');
    expect(mapCallToolResult({ content: [] }, 't')).toBe('');
  });

  it('returns structuredContent as JSON when there are no files', () => {
    expect(mapCallToolResult({ content: [{ type: 'text', text: '{"n":1}' }], structuredContent: { n: 1 } }, 't')).toEqual({ n: 1 });
  });

  it('turns audio into a file block with decoded bytes (never base64 text)', () => {
    const result = mapCallToolResult({ content: [{ type: 'audio', data: b64(WAV), mimeType: 'audio/wav' }] }, 't') as ToolContent;
    expect(isToolContent(result)).toBe(true);
    expect(result.blocks).toEqual([{ type: 'file', mediaType: 'audio/wav', data: WAV }]);
  });

  it('keeps files when structuredContent is present too', () => {
    const result = mapCallToolResult(
      { content: [{ type: 'image', data: b64(WAV), mimeType: 'image/png' }], structuredContent: { ok: true } },
      't',
    );
    expect(isToolContent(result)).toBe(true);
  });

  it('renders resource links and embedded resources as text with their URI', () => {
    expect(
      mcpContentToBlocks([
        { type: 'resource_link', uri: 'file:///tmp/a.txt', name: 'a.txt', mimeType: 'text/plain', description: 'A file' },
        { type: 'resource', resource: { uri: 'memo://1', mimeType: 'text/markdown', text: '# Memo' } },
        { type: 'resource', resource: { uri: 'blob://dir/data.bin', blob: b64(WAV) } },
      ]),
    ).toEqual([
      { type: 'text', text: 'Resource link: a.txt <file:///tmp/a.txt> (text/plain; A file)' },
      { type: 'text', text: 'Resource <memo://1> (text/markdown):\n# Memo' },
      { type: 'text', text: 'Resource <blob://dir/data.bin> (application/octet-stream, 6 bytes)' },
      { type: 'file', mediaType: 'application/octet-stream', data: WAV, filename: 'data.bin' },
    ]);
  });

  it('throws McpToolError for isError results, with the server text and content', () => {
    const error = (() => {
      try {
        mapCallToolResult({ isError: true, content: [{ type: 'text', text: 'No such city' }] }, 'weather');
      } catch (thrown) {
        return thrown;
      }
      return undefined;
    })();
    expect(McpToolError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ name: 'McpToolError', code: 'MCP_TOOL_ERROR', toolName: 'weather', message: 'No such city' });
    expect((error as McpToolError).content).toEqual([{ type: 'text', text: 'No such city' }]);
  });

  it('uses structuredContent as the error text when an error has no text', () => {
    expect(() => mapCallToolResult({ isError: true, content: [], structuredContent: { code: 7 } }, 't')).toThrow('{"code":7}');
  });
});

describe('toCallToolResult', () => {
  it('maps text, JSON and content outputs to MCP results', () => {
    expect(toCallToolResult({ type: 'text', value: 'hi' })).toEqual({ content: [{ type: 'text', text: 'hi' }] });
    expect(toCallToolResult({ type: 'json', value: [1, 2] })).toEqual({ content: [{ type: 'text', text: '[1,2]' }] });
    const blocks = toolContent([
      { type: 'text', text: 'x' },
      { type: 'file', mediaType: 'audio/wav', data: WAV },
      { type: 'file', mediaType: 'application/pdf', data: WAV, filename: 'report 1.pdf' },
    ]).blocks;
    expect(toCallToolResult({ type: 'content', value: blocks })).toEqual({
      content: [
        { type: 'text', text: 'x' },
        { type: 'audio', data: b64(WAV), mimeType: 'audio/wav' },
        { type: 'resource', resource: { uri: 'tandem:tool-output/report%201.pdf', mimeType: 'application/pdf', blob: b64(WAV) } },
      ],
    });
  });

  it('round-trips through mapCallToolResult', () => {
    const blocks = toolContent([{ type: 'file', mediaType: 'image/png', data: WAV }]).blocks;
    const back = mapCallToolResult(toCallToolResult({ type: 'content', value: blocks }), 't') as ToolContent;
    expect(back.blocks).toEqual(blocks);
  });
});
