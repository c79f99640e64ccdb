import type { ToolContentBlock } from '../spec/message/v1/tool-output.js';

const BRAND = Symbol.for('tandem.toolContent');

/**
 * Mixed tool output (text and files such as images), made with {@link toolContent}.
 *
 * @category Tools
 */
export interface ToolContent {
  readonly blocks: readonly ToolContentBlock[];
  readonly [BRAND]: true;
}

/**
 * Returns mixed content from a tool: text and files (images, audio, PDFs). Providers send files as
 * native image/document blocks where the vendor supports them.
 *
 * @example
 * ```ts
 * return toolContent([{ type: 'text', text: 'Here is the chart:' }, { type: 'file', mediaType: 'image/png', data: png }]);
 * ```
 *
 * @category Tools
 */
export function toolContent(blocks: readonly ToolContentBlock[]): ToolContent {
  for (const block of blocks) {
    if (block.type === 'file' && !(block.data instanceof Uint8Array)) {
      throw new TypeError('toolContent(): a file block needs `data` as a Uint8Array (decode base64 first).');
    }
  }
  return { blocks, [BRAND]: true };
}

/**
 * True when `value` was made by {@link toolContent}.
 *
 * @category Tools
 */
export function isToolContent(value: unknown): value is ToolContent {
  return typeof value === 'object' && value !== null && BRAND in value;
}
