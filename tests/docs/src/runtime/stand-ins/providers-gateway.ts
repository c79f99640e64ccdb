// Stand-in for @tandem/providers-gateway in docs blocks: the real package, but its factories make stand-in models.
import * as real from '@tandem/providers-gateway';
import { wrapFactory, wrapPlugin } from '../wrap-provider.js';

export * from '@tandem/providers-gateway';
export const createGateway = wrapFactory(real.createGateway);
export const gateway = wrapFactory(real.gateway);
export const providerPlugin = wrapPlugin(real.providerPlugin);
