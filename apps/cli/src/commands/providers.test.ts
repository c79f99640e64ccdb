// `tandem providers` shows whether keys are set, never their values.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cleanEnv, runCli } from '../__fixtures__/cli.js';

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-providers-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tandem providers', () => {
  it('lists every provider with its key variables set or unset, and the model in use — never a key', async () => {
    writeFileSync(join(dir, 'tandem.config.json'), JSON.stringify({ providers: [{ package: '@tandem/providers-ollama', name: 'lmstudio', options: { baseURL: 'http://127.0.0.1:1234/v1' } }] }));
    const env = cleanEnv({ ANTHROPIC_API_KEY: 'sk-ant-very-secret', GEMINI_API_KEY: '' });
    const result = await runCli(['providers', '--json'], { cwd: dir, env });
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('very-secret');
    const { providers, model } = JSON.parse(result.stdout) as { providers: Array<{ name: string; keys: Record<string, string>; defaultModel: string }>; model: { id: string; reason: string } };
    expect(providers.map((provider) => provider.name)).toEqual(['openai', 'anthropic', 'google', 'bedrock', 'gateway', 'ollama', 'lmstudio', 'demo']);
    expect(providers.find((provider) => provider.name === 'anthropic')?.keys).toEqual({ ANTHROPIC_API_KEY: 'set' });
    expect(providers.find((provider) => provider.name === 'google')?.keys).toEqual({ GOOGLE_GENERATIVE_AI_API_KEY: 'unset', GEMINI_API_KEY: 'unset' });
    expect(model).toEqual({ id: 'anthropic:claude-sonnet-4-5', reason: 'ANTHROPIC_API_KEY is set' });
    const text = await runCli(['providers'], { cwd: dir, env });
    expect(text.stdout).not.toContain('very-secret');
    expect(text.stdout).toMatch(/anthropic +@tandem\/providers-anthropic +default anthropic:claude-sonnet-4-5\n +ANTHROPIC_API_KEY set/);
    expect(text.stdout).toContain('Now: anthropic:claude-sonnet-4-5 (ANTHROPIC_API_KEY is set)');
  });
});
