import { randomUUID } from 'node:crypto';
import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import type { BidiAudioConfig, BidiConnectRequest, BidiConnection, BidiModelCapabilities, BidiModelV1 } from '@tandem/core/spec';
import { sleep, systemClock } from '@tandem/core';
import { NovaSonicConnection } from './nova-sonic-connection.js';
import { novaHistoryBlocks } from './nova-sonic-history.js';
import {
  audioContentStart,
  NOVA_INPUT_RATE,
  NOVA_OUTPUT_RATE,
  promptStart,
  sessionStart,
  textBlock,
  type NovaInputEvent,
  type NovaSessionSetup,
} from './nova-sonic-input-events.js';
import type { NovaSonicOptions } from './nova-sonic-options.js';
import type { Clock } from '@tandem/core';

/**
 * What `createBedrock` hands a {@link NovaSonicModel}.
 *
 * @category Realtime
 */
export interface NovaSonicModelConfig {
  /** The HTTP/2 client (created on first use). */
  readonly client: () => Promise<BedrockRuntimeClient>;
  /** The endpoint, for error messages, e.g. `https://bedrock-runtime.us-east-1.amazonaws.com`. */
  readonly endpoint: () => string;
}


/**
 * Amazon Nova Sonic (speech to speech) on Bedrock's bidirectional streaming API, as a Tandem bidi model
 * for `BidiAgent` from `@tandem/bidi`. Create it with `bedrock.novaSonic('amazon.nova-sonic-v1:0')`.
 *
 * - Audio: PCM16 mono, 16 kHz in, 24 kHz out.
 * - Every `connect()` opens one HTTP/2 stream and sends `sessionStart`, `promptStart` (voice, tools), the
 *   system prompt, the history as text blocks (cut to `maxHistoryBytes`/`maxHistoryMessages`) and opens the
 *   interactive AUDIO block.
 * - Capabilities: no truncation (Nova Sonic cannot forget unplayed audio), no resumption (a new connection
 *   replays the history), `maxConnectionMs` 8 minutes (a `go-away` comes `goAwayBeforeMs` earlier).
 * - After a stream was refused before any output (throttling, unreachable endpoint), the next `connect()`
 *   waits first (250 ms, doubling up to 5 s).
 *
 * @example
 * ```ts
 * import { BidiAgent } from '@tandem/bidi';
 * const agent = new BidiAgent({ model: bedrock.novaSonic('amazon.nova-sonic-v1:0'), tools: [setTimer] });
 * ```
 *
 * @category Realtime
 */
export class NovaSonicModel implements BidiModelV1 {
  readonly specificationVersion = 'v1' as const;
  readonly provider = 'bedrock.nova-sonic';
  readonly modelId: string;
  readonly capabilities: BidiModelCapabilities;
  readonly audio: BidiAudioConfig = { inputRate: NOVA_INPUT_RATE, outputRate: NOVA_OUTPUT_RATE, channels: 1 };
  private readonly config: NovaSonicModelConfig;
  private readonly options: NovaSonicOptions;
  private readonly clock: Clock;
  private refusals = 0;

  constructor(modelId: string, config: NovaSonicModelConfig, options: NovaSonicOptions = {}) {
    this.modelId = modelId;
    this.config = config;
    this.options = options;
    this.clock = options.clock ?? systemClock;
    this.capabilities = {
      truncation: false,
      nativeAsyncTools: options.nativeAsyncTools ?? /(^|\.)amazon\.nova-2-sonic/.test(modelId),
      resumption: false,
      maxConnectionMs: options.maxConnectionMs ?? 8 * 60_000,
    };
  }

  async connect(request: BidiConnectRequest): Promise<BidiConnection> {
    const { signal } = request;
    signal?.throwIfAborted();
    if (this.refusals > 0) await sleep(Math.min(250 * 2 ** (this.refusals - 1), 5000), signal, this.clock);
    const client = this.options.client ?? (await this.config.client());
    const promptName = randomUUID();
    const audioContentName = randomUUID();
    return NovaSonicConnection.open(
      {
        client,
        modelId: this.modelId,
        url: `${this.config.endpoint()}/model/${encodeURIComponent(this.modelId)}/invoke-with-bidirectional-stream`,
        promptName,
        audioContentName,
        clock: this.clock,
        maxConnectionMs: this.capabilities.maxConnectionMs ?? 8 * 60_000,
        goAwayBeforeMs: this.options.goAwayBeforeMs ?? 60_000,
        closeTimeoutMs: this.options.closeTimeoutMs ?? 2000,
        signal,
        onEnd: ({ refused, sawOutput }) => {
          if (sawOutput) this.refusals = 0;
          else if (refused) this.refusals++;
        },
      },
      this.openingEvents(request, promptName, audioContentName),
    );
  }

  /** `sessionStart`, `promptStart`, the SYSTEM block, the history blocks and the AUDIO block's start. */
  private openingEvents(request: BidiConnectRequest, promptName: string, audioContentName: string): NovaInputEvent[] {
    const { inference = {} } = this.options;
    const setup: NovaSessionSetup = {
      promptName,
      voice: this.options.voice ?? 'matthew',
      inference: { maxTokens: inference.maxTokens ?? 1024, topP: inference.topP ?? 0.9, temperature: inference.temperature ?? 0.7 },
      endpointingSensitivity: this.options.endpointingSensitivity,
      tools: request.tools,
    };
    const events: NovaInputEvent[] = [sessionStart(setup), promptStart(setup)];
    if (request.system !== undefined && request.system !== '') events.push(...textBlock(promptName, 'SYSTEM', request.system, false));
    const history = novaHistoryBlocks(request.messages, {
      maxBytes: this.options.maxHistoryBytes ?? 40_960,
      maxMessages: this.options.maxHistoryMessages ?? 40,
    });
    for (const block of history) events.push(...textBlock(promptName, block.role, block.text, false));
    events.push(audioContentStart(promptName, audioContentName));
    return events;
  }
}
