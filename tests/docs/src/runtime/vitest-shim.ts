// Stands in for `vitest` when a docs block that defines tests runs outside a test runner: `expect` and `vi`
// are vitest's own; `describe` runs its body at once; `it`/`test` and the hooks are collected and run by the
// worker after the block has loaded, in order, so a failing test fails the block.
import { collected, type Fn } from './collected.js';

export { expect, vi } from 'vitest';

export function it(name: string, fn: Fn): void {
  collected().tests.push({ name, fn });
}
export const test = it;
export function describe(_name: string, body: () => void): void {
  body();
}
export function beforeEach(fn: Fn): void {
  collected().beforeEach.push(fn);
}
export function afterEach(fn: Fn): void {
  collected().afterEach.push(fn);
}
export function beforeAll(fn: Fn): void {
  collected().beforeAll.push(fn);
}
export function afterAll(fn: Fn): void {
  collected().afterAll.push(fn);
}
