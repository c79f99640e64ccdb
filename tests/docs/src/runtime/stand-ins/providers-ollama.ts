// Stand-in for @tandem/providers-ollama in docs blocks: the real package, but its factories make stand-in models.
import * as real from '@tandem/providers-ollama';
import { wrapFactory, wrapPlugin } from '../wrap-provider.js';

export * from '@tandem/providers-ollama';
export const createOllama = wrapFactory(real.createOllama);
export const ollama = wrapFactory(real.ollama);
export const providerPlugin = wrapPlugin(real.providerPlugin);
