// Test-only controls for the stand-in models, used from the hidden `<!-- prelude … -->` and
// `<!-- docs-test: … -->` comments of a markdown file (never from the code a reader sees).
import type { ScriptedBidiModelOptions, ScriptedResponseSource } from '@tandem/core/testing';

interface DocsTestState {
  /** Responses for the next language-model calls of any stand-in model, in order. */
  readonly responses: ScriptedResponseSource[];
  /** Options for the next stand-in bidi models, in order (the last one is kept for every later model). */
  readonly bidi: ScriptedBidiModelOptions[];
}

const KEY = Symbol.for('tandem.docs-test');

/** The shared state (one per worker: each block runs in its own worker). */
export function docsTestState(): DocsTestState {
  const holder = globalThis as { [KEY]?: DocsTestState };
  holder[KEY] ??= { responses: [], bidi: [] };
  return holder[KEY];
}

/** The next model calls of stand-in models get these responses, in order; then the stand-ins' rules apply again. */
export function script(...responses: ScriptedResponseSource[]): void {
  docsTestState().responses.push(...responses);
}

/** The next stand-in bidi model is a `ScriptedBidiModel` with these options. */
export function scriptBidi(options: ScriptedBidiModelOptions): void {
  docsTestState().bidi.push(options);
}
