import { describe, expect, it } from 'vitest';
import { mcpToolName } from './mcp-tool-name.js';

describe('mcpToolName', () => {
  it('keeps valid server names when there is no prefix', () => {
    expect(mcpToolName('get-sum')).toBe('get-sum');
    expect(mcpToolName('read_file')).toBe('read_file');
  });

  it('prepends the prefix and replaces characters outside [a-zA-Z0-9_-] with _', () => {
    expect(mcpToolName('read.file', 'fs_')).toBe('fs_read_file');
    expect(mcpToolName('wetter/heute ö', 'my server:')).toBe('my_server_wetter_heute__');
  });

  it('cuts the name to 64 characters', () => {
    const name = mcpToolName('x'.repeat(80), 'prefix_');
    expect(name).toHaveLength(64);
    expect(name.startsWith('prefix_xxx')).toBe(true);
  });
});
