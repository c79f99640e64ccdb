import { Readable } from 'node:stream';
import type { ConverseStreamCommand, ConverseStreamCommandInput } from '@aws-sdk/client-bedrock-runtime';
import { InvalidResponseDataError } from '@tandem/core/spec';
import { eventStreamFrameGuard } from './event-stream-frame-guard.js';
import { loadAwsSdk } from './load-aws-sdk.js';

/**
 * A `ConverseStreamCommand` with Tandem's middleware: extra request headers (added at the build step),
 * and a frame-size guard on the response's event stream (installed below the SDK's deserializer, so it
 * sees the raw bytes first).
 * @internal
 */
export async function converseCommand(
  input: ConverseStreamCommandInput,
  options: { readonly headers: { readonly [name: string]: string }; readonly maxEventBytes: number },
): Promise<ConverseStreamCommand> {
  const { runtime } = await loadAwsSdk();
  const command = new runtime.ConverseStreamCommand(input);
  const { headers, maxEventBytes } = options;
  if (Object.keys(headers).length > 0) {
    command.middlewareStack.add(
      (next) => async (args) => {
        const httpRequest = args.request as { headers?: { [name: string]: string } };
        if (httpRequest.headers) Object.assign(httpRequest.headers, headers);
        return next(args);
      },
      { step: 'build', name: 'tandemExtraHeaders' },
    );
  }
  command.middlewareStack.add(
    (next) => async (args) => {
      const result = await next(args);
      const response = result.response as { statusCode?: number; headers?: { [name: string]: string | undefined }; body?: unknown };
      const isEventStream = response.statusCode === 200 && /eventstream/i.test(response.headers?.['content-type'] ?? '');
      if (isEventStream && response.body instanceof Readable) {
        const source = response.body;
        const guarded = source.pipe(eventStreamFrameGuard(maxEventBytes));
        source.once('error', (error) => guarded.destroy(error));
        guarded.once('close', () => source.destroy());
        response.body = guarded;
      }
      return result;
    },
    { step: 'deserialize', priority: 'low', name: 'tandemEventStreamFrameGuard' },
  );
  return command;
}

/**
 * The frame guard's error as the caller should see it, when `error` is one: the SDK's deserializer
 * appends a hint to the message of an error raised while it reads (and attaches the raw response), so
 * a clean copy is made. `undefined` for any other error.
 * @internal
 */
export function frameGuardError(error: unknown): InvalidResponseDataError | undefined {
  if (!InvalidResponseDataError.isInstance(error)) return undefined;
  return new InvalidResponseDataError({ message: error.message.split('\n')[0] ?? error.message, data: undefined });
}
