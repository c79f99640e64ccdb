import { Transform, type TransformCallback } from 'node:stream';
import { InvalidResponseDataError } from '@tandem/core/spec';

/** The smallest valid frame: prelude (8) + prelude CRC (4) + message CRC (4). */
const MIN_FRAME_BYTES = 16;

/**
 * Watches an AWS event stream (binary frames, each starting with its total length as a big-endian
 * uint32) and fails it with `InvalidResponseDataError` as soon as a frame announces more than
 * `maxFrameBytes` — before the AWS SDK would allocate a buffer of the announced size (up to 4 GiB) for it.
 * The bytes themselves pass through unchanged.
 * @internal
 */
export function eventStreamFrameGuard(maxFrameBytes: number): Transform {
  let remaining = 0; // bytes left in the current frame
  const header: number[] = []; // the length prefix, while it is split across chunks
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      let offset = 0;
      while (offset < chunk.length) {
        if (remaining > 0) {
          const take = Math.min(remaining, chunk.length - offset);
          remaining -= take;
          offset += take;
          continue;
        }
        header.push(chunk[offset]!);
        offset += 1;
        if (header.length < 4) continue;
        const total = ((header[0]! << 24) >>> 0) + (header[1]! << 16) + (header[2]! << 8) + header[3]!;
        header.length = 0;
        if (total > maxFrameBytes || total < MIN_FRAME_BYTES) {
          callback(
            new InvalidResponseDataError({
              message: `Amazon Bedrock sent an event-stream frame announcing ${total} bytes, ${total < MIN_FRAME_BYTES ? 'less than a frame can be' : `more than ${maxFrameBytes} bytes (maxEventBytes)`}; the stream was not read further.`,
              data: undefined,
            }),
          );
          return;
        }
        remaining = total - 4;
      }
      callback(null, chunk);
    },
  });
}
