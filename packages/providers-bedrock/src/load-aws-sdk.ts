import type * as BedrockRuntime from '@aws-sdk/client-bedrock-runtime';
import type * as NodeHttpHandler from '@smithy/node-http-handler';

/** The parts of the AWS SDK the provider uses. @internal */
export interface AwsSdk {
  readonly runtime: typeof BedrockRuntime;
  readonly http: typeof NodeHttpHandler;
}

let loading: Promise<AwsSdk> | undefined;

/**
 * The AWS SDK, loaded on the first model call: importing the provider (or the CLI that lists it) does not pay
 * for `@aws-sdk/client-bedrock-runtime` until Bedrock is used.
 * @internal
 */
export function loadAwsSdk(): Promise<AwsSdk> {
  loading ??= Promise.all([import('@aws-sdk/client-bedrock-runtime'), import('@smithy/node-http-handler')]).then(([runtime, http]) => ({ runtime, http }));
  return loading;
}
