/**
 * The Node-only part of `@tandem/ui`: {@link toNodeHandler} serves any of its fetch handlers from `node:http`.
 *
 * @packageDocumentation
 */
export { toNodeHandler } from './to-node-handler.js';
