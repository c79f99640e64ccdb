// No MCP error shows a registered secret — in its message, stack, fields, JSON or inspect output — and the
// credentials a client is configured with (headers, stdio env) are registered.
import { describe, expect, it } from 'vitest';
import { registerSecret } from '@tandem/core';
import { secretLeaks } from '@tandem/provider-utils/testing';
import { McpClient } from '../mcp-client.js';
import { McpConnectionError } from './mcp-connection-error.js';
import { McpTimeoutError } from './mcp-timeout-error.js';
import { McpToolError } from './mcp-tool-error.js';

const KEY = 'ghp_plantedMcpToken0123456789abcdef';

describe('MCP errors and secrets', () => {
  it('every MCP error class keeps a registered secret out of every rendering', () => {
    registerSecret(KEY);
    const cause = new Error(`server said ${KEY}`);
    const errors = [
      new McpToolError({ toolName: 'search', text: `bad token ${KEY}`, content: [{ type: 'text', text: KEY }], structuredContent: { echoed: KEY } }),
      new McpConnectionError({ server: `https://mcp.example.com/${KEY}`, message: `went away: ${KEY}`, cause }),
      new McpTimeoutError({ server: 'srv', operation: `tools/call ${KEY}`, timeoutMs: 10, cause }),
    ];
    for (const error of errors) expect({ name: error.name, leaks: secretLeaks(error, KEY) }).toEqual({ name: error.name, leaks: [] });
    expect((errors[0] as McpToolError).text).toBe('bad token [REDACTED]');
  });

  it('registers the Authorization header of an HTTP server and secret-looking env vars of a stdio server', () => {
    const bearer = 'mcp-bearer-registered-0123456789';
    const envToken = 'mcp-env-token-registered-0123456';
    void new McpClient({ transport: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: `Bearer ${bearer}` } } });
    void new McpClient({ transport: { type: 'stdio', command: 'server', env: { GITHUB_PERSONAL_ACCESS_TOKEN: envToken, LOG_LEVEL: 'debug-verbose' } } });
    const error = new McpToolError({ toolName: 't', text: `echo ${bearer} ${envToken} debug-verbose` });
    expect(error.message).toBe('echo [REDACTED] [REDACTED] debug-verbose');
  });
});
