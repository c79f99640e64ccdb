import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoadedConfig } from '../config/load-config.js';
import { CliError } from '../errors/cli-error.js';
import { ProviderCatalog } from '../providers/provider-catalog.js';
import { chooseBidiModel, chooseModel, splitId } from './choose-model.js';
import { ollamaHost } from './probe-ollama.js';

const empty: LoadedConfig = { file: undefined, dir: process.cwd(), providers: [], tools: [], mcpServers: {} };
// No Ollama: a loopback port nothing listens on.
const noOllama = { OLLAMA_HOST: '127.0.0.1:9' };

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

/** A loopback Ollama answering GET /api/tags (its documented model list) with `models`. */
async function fakeOllama(models: string[]): Promise<string> {
  server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/api/tags') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ models: models.map((name) => ({ name, model: name, modified_at: '2025-05-04T17:37:44Z', size: 2019393189, digest: 'a80c4f17acd5', details: { format: 'gguf', family: 'llama' } })) }));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${String((server!.address() as AddressInfo).port)}`;
}

async function choose(options: { flag?: string; config?: Partial<LoadedConfig>; env?: NodeJS.ProcessEnv; demo?: boolean }) {
  const config = { ...empty, ...options.config };
  return chooseModel({ flag: options.flag, config, providers: await ProviderCatalog.fromConfig(config), env: options.env ?? noOllama, demo: options.demo });
}

describe('chooseModel', () => {
  it('falls back to the offline demo model without keys or Ollama', async () => {
    const choice = await choose({});
    expect(choice).toMatchObject({ id: 'demo:offline', isDemo: true, reason: 'no key found and no Ollama running' });
    expect(choice.model).toMatchObject({ provider: 'demo', specificationVersion: 'v1' });
  });

  it('takes the first provider whose key is set, in the documented order; empty counts as unset', async () => {
    expect(await choose({ env: { ...noOllama, ANTHROPIC_API_KEY: 'k', GEMINI_API_KEY: 'k' } })).toMatchObject({
      id: 'anthropic:claude-sonnet-4-5',
      reason: 'ANTHROPIC_API_KEY is set',
    });
    expect(await choose({ env: { ...noOllama, OPENAI_API_KEY: '', GEMINI_API_KEY: 'k', AWS_PROFILE: 'p' } })).toMatchObject({
      id: 'google:gemini-2.5-flash',
      reason: 'GEMINI_API_KEY is set',
    });
    expect(await choose({ env: { ...noOllama, AWS_ACCESS_KEY_ID: 'AKID' } })).toMatchObject({ id: 'bedrock:amazon.nova-pro-v1:0' });
    const openai = await choose({ env: { ...noOllama, OPENAI_API_KEY: 'sk', ANTHROPIC_API_KEY: 'k' } });
    expect(openai).toMatchObject({ id: 'openai:gpt-5-mini', isDemo: false });
    expect(openai.model.modelId).toBe('gpt-5-mini');
  });

  it('prefers --model, then the config model, over keys', async () => {
    const env = { ...noOllama, OPENAI_API_KEY: 'sk' };
    expect(await choose({ flag: 'anthropic:claude-haiku-4-5', config: { model: 'google' }, env })).toMatchObject({ id: 'anthropic:claude-haiku-4-5', reason: 'from --model' });
    expect(await choose({ config: { model: 'google', file: '/p/tandem.config.json' }, env })).toMatchObject({ id: 'google:gemini-2.5-flash', reason: 'from /p/tandem.config.json' });
    expect(await choose({ flag: 'demo', env })).toMatchObject({ id: 'demo:offline', isDemo: true });
    expect(await choose({ demo: true, flag: 'openai', env })).toMatchObject({ id: 'demo:offline' });
  });

  it('uses a running Ollama (its default model when installed, else the first one)', async () => {
    const host = await fakeOllama(['qwen3:8b', 'llama3.2:latest']);
    expect(await choose({ env: { OLLAMA_HOST: host } })).toMatchObject({ id: 'ollama:llama3.2:latest', reason: `Ollama is running at http://${host}` });
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const other = await fakeOllama(['qwen3:8b']);
    expect((await choose({ env: { OLLAMA_HOST: other } })).id).toBe('ollama:qwen3:8b');
  });

  it('skips an Ollama without models, saying so', async () => {
    const host = await fakeOllama([]);
    expect(await choose({ env: { OLLAMA_HOST: host } })).toMatchObject({ id: 'demo:offline', reason: `no key found, and Ollama at http://${host} has no models` });
  });

  it('rejects an unknown provider or a malformed id as bad usage (exit 2)', async () => {
    const unknown = await choose({ flag: 'acme:fast' }).catch((error: unknown) => error);
    expect(CliError.isInstance(unknown) && unknown.exitCode).toBe(2);
    expect((unknown as Error).message).toMatch(/Unknown provider "acme" \(available: anthropic, bedrock, demo, gateway, google, ollama, openai\)/);
  });
});

describe('chooseBidiModel', () => {
  it('uses the realtime model of a provider with a key, else the demo model', async () => {
    const providers = await ProviderCatalog.fromConfig(empty);
    expect(await chooseBidiModel({ config: empty, providers, env: { OPENAI_API_KEY: 'sk' } })).toMatchObject({ id: 'openai:gpt-realtime' });
    expect(await chooseBidiModel({ config: empty, providers, env: { ANTHROPIC_API_KEY: 'k' } })).toMatchObject({ id: 'demo:offline', isDemo: true });
  });

  it('says when the named provider has no realtime models', async () => {
    const providers = await ProviderCatalog.fromConfig(empty);
    await expect(chooseBidiModel({ flag: 'anthropic', config: empty, providers })).rejects.toThrow(/has no realtime models/);
  });
});

describe('helpers', () => {
  it('splits model ids at the first colon', () => {
    expect(splitId('bedrock:amazon.nova-pro-v1:0')).toEqual({ provider: 'bedrock', modelId: 'amazon.nova-pro-v1:0' });
    expect(splitId('openai')).toEqual({ provider: 'openai' });
  });

  it('reads OLLAMA_HOST as Ollama does', () => {
    expect(ollamaHost({})).toBe('http://127.0.0.1:11434');
    expect(ollamaHost({ OLLAMA_HOST: '0.0.0.0' })).toBe('http://127.0.0.1:11434');
    expect(ollamaHost({ OLLAMA_HOST: 'gpu-box:11500' })).toBe('http://gpu-box:11500');
    expect(ollamaHost({ OLLAMA_HOST: 'https://ollama.example.com' })).toBe('https://ollama.example.com');
  });
});
