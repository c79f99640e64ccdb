/**
 * Test helpers for durable agents: `startRestateServer()` runs a real restate-server (the binary of the
 * `@restatedev/restate-server` npm package) on loopback for a test run or a benchmark.
 *
 * @packageDocumentation
 */
export { startRestateServer, type LocalRestateServer, type StartRestateServerOptions } from './start-restate-server.js';
