/**
 * Ollama provider for Tandem: any OpenAI-compatible local server (Ollama by default), no API key needed.
 *
 * @packageDocumentation
 */
export { createOllama, ollama, type OllamaProvider, type OllamaProviderSettings } from './ollama-provider.js';
