import { describe, expect, it } from 'vitest';
import { KNOWN_PROVIDERS, setVariables } from './known-providers.js';
import { loadProviderPlugin } from './load-provider-plugin.js';

describe('KNOWN_PROVIDERS', () => {
  it.each(KNOWN_PROVIDERS.map((known) => [known.package, known] as const))('matches the providerPlugin of %s', async (_name, known) => {
    const plugin = await loadProviderPlugin(known.package, process.cwd());
    expect(plugin.name).toBe(known.name);
    expect(plugin.env.apiKey).toEqual(known.keyVariables);
  });

  it('picks by key in the documented order', () => {
    expect(KNOWN_PROVIDERS.filter((known) => known.pickedByKey).map((known) => known.name)).toEqual(['openai', 'anthropic', 'google', 'bedrock']);
  });

  it('treats an empty variable as unset', () => {
    expect(setVariables(['A', 'B', 'C'], { A: '', B: 'x' })).toEqual(['B']);
  });

  it('explains a package that is missing or is not a provider', async () => {
    await expect(loadProviderPlugin('@tandem/not-installed', process.cwd())).rejects.toThrow(/cannot load "@tandem\/not-installed".*npm install/);
    await expect(loadProviderPlugin('zod', process.cwd())).rejects.toThrow(/no valid providerPlugin export/);
  });
});
