// Stand-in for @tandem/providers-google in docs blocks: the real package, but its factories make stand-in models.
import * as real from '@tandem/providers-google';
import { wrapFactory, wrapPlugin } from '../wrap-provider.js';

export * from '@tandem/providers-google';
export const createGoogleGenerativeAI = wrapFactory(real.createGoogleGenerativeAI);
export const createGoogle = wrapFactory(real.createGoogle);
export const google = wrapFactory(real.google);
export const providerPlugin = wrapPlugin(real.providerPlugin);
