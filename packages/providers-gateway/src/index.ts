/**
 * Gateway provider for Tandem: an OpenAI-compatible AI gateway (base URL + key) with the
 * provider-executed `perplexitySearch` tool.
 *
 * @packageDocumentation
 */
export { createGateway, gateway, type GatewayProvider, type GatewayProviderSettings } from './gateway-provider.js';
export { gatewayTools, PerplexitySearchArgs } from './gateway-tools.js';
export { providerPlugin } from './provider-plugin.js';
