import type { UIMessage, UIMessageChunk as AIUIMessageChunk } from 'ai';
import { expectTypeOf, test } from 'vitest';
import type { fromUIMessages } from './from-ui-messages.js';
import type { UIMessageChunk } from './ui-message-chunk.js';

test('every chunk Tandem writes is one of ai 7’s UIMessageChunk', () => {
  expectTypeOf<UIMessageChunk>().toExtend<AIUIMessageChunk>();
  // And each chunk type Tandem names is a type the protocol has.
  expectTypeOf<UIMessageChunk['type']>().toExtend<AIUIMessageChunk['type']>();
});

test('fromUIMessages takes useChat’s UIMessage[] as it is', () => {
  expectTypeOf<UIMessage[]>().toExtend<Parameters<typeof fromUIMessages>[0]>();
});
