/**
 * Ollama provider for Tandem: works with every OpenAI-compatible local server (Ollama by default), no API key needed.
 *
 * @packageDocumentation
 */
export { createOllama, ollama, type OllamaProvider, type OllamaProviderSettings } from './ollama-provider.js';
export { providerPlugin } from './provider-plugin.js';
