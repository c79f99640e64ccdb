// Stand-in for @tandem/providers-anthropic in docs blocks: the real package, but its factories make stand-in models.
import * as real from '@tandem/providers-anthropic';
import { wrapFactory, wrapPlugin } from '../wrap-provider.js';

export * from '@tandem/providers-anthropic';
export const createAnthropic = wrapFactory(real.createAnthropic);
export const anthropic = wrapFactory(real.anthropic);
export const providerPlugin = wrapPlugin(real.providerPlugin);
