import type { BedrockRuntimeClient, BedrockRuntimeClientConfig } from '@aws-sdk/client-bedrock-runtime';
import { registerSecret, type BidiModelV1, type LanguageModelV1 } from '@tandem/core/spec';
import type { Sleep } from '@tandem/provider-utils';
import { BedrockConverseModel } from './bedrock-converse-model.js';
import { InvalidRequestError } from '@tandem/provider-utils';
import { bedrockTools, type BedrockTools } from './bedrock-tools.js';
import { loadAwsSdk } from './load-aws-sdk.js';
import { NovaSonicModel } from './nova-sonic/nova-sonic-model.js';
import { novaSonicSdkLogger } from './nova-sonic/nova-sonic-sdk-logger.js';
import type { NovaSonicOptions } from './nova-sonic/nova-sonic-options.js';

/**
 * Static AWS credentials, or a provider function resolving them (e.g. from `@aws-sdk/credential-providers`).
 *
 * @category Provider
 */
export type BedrockCredentials = NonNullable<BedrockRuntimeClientConfig['credentials']>;

/**
 * Settings of {@link createBedrock}.
 *
 * @category Provider
 */
export interface BedrockProviderSettings {
  /** AWS region; default: `AWS_REGION`, then `AWS_DEFAULT_REGION`, read on first use. */
  readonly region?: string;
  /** Credentials; default: the AWS SDK's default chain (environment, shared config/SSO, instance role, …). */
  readonly credentials?: BedrockCredentials;
  /** Endpoint override, e.g. a VPC endpoint or a loopback test server (`http://127.0.0.1:4010`). */
  readonly endpoint?: string;
  /** Retries for throttling, unavailability and other transient errors before the first part (default 2). */
  readonly maxRetries?: number;
  /** The wait between retries (tests replace it). */
  readonly sleep?: Sleep;
  /** Receives non-fatal warnings. Default: a process warning. */
  readonly warn?: (message: string) => void;
  /**
   * A fully configured client for the Converse models, used instead of building one (its own retries should be
   * off: `maxAttempts: 1`). Nova Sonic needs an HTTP/2 client: pass it as `novaSonic(id, { client })`.
   */
  readonly client?: BedrockRuntimeClient;
  /**
   * Time to first byte: the first stream event must arrive within this many milliseconds, else the attempt
   * fails with a retryable `APICallError` (and is retried). Default 300 000 (5 minutes).
   */
  readonly timeoutMs?: number;
  /** Longest server-requested wait (`retry-after`) honoured before a retry; a longer one fails at once (`retryAfterMs`). Default 60 000. */
  readonly maxRetryAfterMs?: number;
  /**
   * The largest event-stream frame accepted, in bytes; a frame announcing more fails the call with
   * `InvalidResponseDataError` before anything is allocated for it. Default 32 MiB.
   */
  readonly maxEventBytes?: number;
}

/**
 * A configured Bedrock provider: call it with a model or inference-profile id to get a `LanguageModel`.
 *
 * @category Provider
 */
export interface BedrockProvider {
  (modelId: string): LanguageModelV1;
  /** The provider's text model for an id (every Tandem provider has `languageModel(id)`); the same as calling the provider. */
  languageModel(modelId: string): LanguageModelV1;
  /**
   * Amazon Nova Sonic (speech to speech) on the bidirectional streaming API over HTTP/2, for `BidiAgent`:
   * `bedrock.novaSonic('amazon.nova-sonic-v1:0')`.
   */
  novaSonic(modelId: string, options?: NovaSonicOptions): BidiModelV1;
  /**
   * The generic name of a realtime model that every provider with one has, and the one the provider
   * registry calls (`resolveBidiModel('bedrock:amazon.nova-sonic-v1:0')`, `BidiAgent` with a model id string): the same
   * function as {@link BedrockProvider.novaSonic}.
   */
  bidi(modelId: string, options?: NovaSonicOptions): BidiModelV1;
  /** Tools Bedrock runs itself: `systemTool(name)`. */
  readonly tools: BedrockTools;
}

/**
 * Creates an Amazon Bedrock provider: Converse stream models, and Nova Sonic bidi models.
 *
 * @example
 * ```ts
 * const bedrock = createBedrock({ region: 'eu-central-1' });
 * const model = bedrock('eu.anthropic.claude-sonnet-4-5-20250929-v1:0');
 * const voice = bedrock.novaSonic('amazon.nova-sonic-v1:0');
 * ```
 *
 * @category Provider
 */
export function createBedrock(settings: BedrockProviderSettings = {}): BedrockProvider {
  let client: Promise<BedrockRuntimeClient> | undefined = settings.client === undefined ? undefined : Promise.resolve(settings.client);
  registerCredentials(settings.credentials);
  const region = (): string => {
    const value = settings.region ?? process.env['AWS_REGION'] ?? process.env['AWS_DEFAULT_REGION'];
    if (value === undefined || value === '') {
      throw new InvalidRequestError({
        provider: 'bedrock',
        message: 'The AWS region is missing. Pass the region option of createBedrock() or set the AWS_REGION environment variable.',
      });
    }
    return value;
  };
  const config = {
    client: (): Promise<BedrockRuntimeClient> => {
      // The secret parts of credentials from the environment, so no Tandem error can ever show them.
      registerSecret(process.env['AWS_SECRET_ACCESS_KEY']);
      registerSecret(process.env['AWS_SESSION_TOKEN']);
      registerSecret(process.env['AWS_BEARER_TOKEN_BEDROCK']);
      if (client !== undefined) return client;
      const clientRegion = region();
      client = loadAwsSdk().then(
        ({ runtime, http }) =>
          new runtime.BedrockRuntimeClient({
            region: clientRegion,
            ...(settings.credentials === undefined ? {} : { credentials: settings.credentials }),
            ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
            // Tandem retries (before the first part only); the SDK must not retry on its own.
            maxAttempts: 1,
            // Converse streams over HTTP/1.1; the client's default handler is HTTP/2 (for bidirectional APIs).
            requestHandler: new http.NodeHttpHandler(),
          }),
      );
      return client;
    },
    endpoint: () =>
      (settings.endpoint ?? (settings.client === undefined ? `https://bedrock-runtime.${region()}.amazonaws.com` : 'bedrock-runtime')).replace(/\/+$/, ''),
    maxRetries: settings.maxRetries ?? 2,
    sleep: settings.sleep,
    warn: settings.warn,
    timeoutMs: settings.timeoutMs,
    maxRetryAfterMs: settings.maxRetryAfterMs,
    maxEventBytes: settings.maxEventBytes,
  };
  let http2Client: Promise<BedrockRuntimeClient> | undefined;
  const bidiConfig = {
    client: (): Promise<BedrockRuntimeClient> => {
      if (http2Client !== undefined) return http2Client;
      const clientRegion = region();
      http2Client = loadAwsSdk().then(
        ({ runtime, http }) =>
          new runtime.BedrockRuntimeClient({
            region: clientRegion,
            ...(settings.credentials === undefined ? {} : { credentials: settings.credentials }),
            ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
            maxAttempts: 1,
            // Bidirectional streams need HTTP/2.
            requestHandler: new http.NodeHttp2Handler(),
            logger: novaSonicSdkLogger,
          }),
      );
      return http2Client;
    },
    endpoint: () => {
      const known = settings.region ?? process.env['AWS_REGION'] ?? process.env['AWS_DEFAULT_REGION'];
      return (settings.endpoint ?? (known ? `https://bedrock-runtime.${known}.amazonaws.com` : 'bedrock-runtime')).replace(/\/+$/, '');
    },
  };
  const create = (modelId: string) => new BedrockConverseModel(modelId, config);
  const novaSonic = (modelId: string, options?: NovaSonicOptions): BidiModelV1 => new NovaSonicModel(modelId, bidiConfig, options);
  return Object.assign(create, { languageModel: create, novaSonic, bidi: novaSonic, tools: bedrockTools });
}

/**
 * The default Bedrock provider: region from `AWS_REGION`/`AWS_DEFAULT_REGION`, credentials from the AWS
 * SDK's default chain.
 *
 * @example
 * ```ts
 * const run = new Agent({ tools }).run(bedrock('amazon.nova-pro-v1:0'), [userMessage('Hi')]);
 * ```
 *
 * @category Provider
 */
export const bedrock: BedrockProvider = createBedrock();

/** Registers the secret parts of static credentials (not a provider function: it resolves later). */
function registerCredentials(credentials: BedrockCredentials | undefined): void {
  if (typeof credentials !== 'object' || credentials === null) return;
  const { secretAccessKey, sessionToken } = credentials as { readonly secretAccessKey?: unknown; readonly sessionToken?: unknown };
  if (typeof secretAccessKey === 'string') registerSecret(secretAccessKey);
  if (typeof sessionToken === 'string') registerSecret(sessionToken);
}
