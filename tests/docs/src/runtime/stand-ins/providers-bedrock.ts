// Stand-in for @tandem/providers-bedrock in docs blocks: the real package, but its factories make stand-in models.
import * as real from '@tandem/providers-bedrock';
import { wrapFactory, wrapPlugin } from '../wrap-provider.js';

export * from '@tandem/providers-bedrock';
export const createBedrock = wrapFactory(real.createBedrock);
export const bedrock = wrapFactory(real.bedrock);
export const providerPlugin = wrapPlugin(real.providerPlugin);
