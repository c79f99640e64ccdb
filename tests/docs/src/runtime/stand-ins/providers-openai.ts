// Stand-in for @tandem/providers-openai in docs blocks: the real package, but its factories make stand-in models.
import * as real from '@tandem/providers-openai';
import { wrapFactory, wrapPlugin } from '../wrap-provider.js';

export * from '@tandem/providers-openai';
export const createOpenAI = wrapFactory(real.createOpenAI);
export const openai = wrapFactory(real.openai);
export const providerPlugin = wrapPlugin(real.providerPlugin);
