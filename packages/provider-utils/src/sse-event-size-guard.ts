import { InvalidResponseDataError } from '@tandem/core/spec';

/**
 * Default `maxEventBytes`: one server-sent event may be up to 32 MiB (large enough for inline images).
 *
 * @example
 * ```ts
 * const google = createGoogleGenerativeAI({ maxEventBytes: 4 * DEFAULT_MAX_EVENT_BYTES }); // huge inline images
 * ```
 *
 * @category HTTP and SSE
 */
export const DEFAULT_MAX_EVENT_BYTES = 32 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;

/**
 * A byte stream transform that fails when one server-sent event (the bytes between two blank lines)
 * grows beyond `maxEventBytes`, before the SSE parser would buffer it. Any of the line endings the SSE
 * format allows (`\n`, `\r`, `\r\n`) is understood, split across chunks or not.
 * @internal
 */
export function sseEventSizeGuard(provider: string, maxEventBytes: number): TransformStream<Uint8Array, BufferSource> {
  let size = 0;
  let atLineStart = true;
  let afterCR = false;
  return new TransformStream<Uint8Array, BufferSource>({
    transform(chunk, controller) {
      for (const byte of chunk) {
        if (byte === LF && afterCR) {
          afterCR = false; // the second half of a CRLF: the same line ending
          continue;
        }
        afterCR = byte === CR;
        if (byte === LF || byte === CR) {
          if (atLineStart) size = 0; // a blank line: the event ended
          atLineStart = true;
          continue;
        }
        atLineStart = false;
        size += 1;
        if (size > maxEventBytes) {
          controller.error(
            new InvalidResponseDataError({
              message: `${provider} sent a server-sent event of more than ${maxEventBytes} bytes (maxEventBytes); it was not read. Raise maxEventBytes if the model really sends such large events.`,
              data: undefined,
            }),
          );
          return;
        }
      }
      controller.enqueue(chunk as Uint8Array<ArrayBuffer>);
    },
  });
}
