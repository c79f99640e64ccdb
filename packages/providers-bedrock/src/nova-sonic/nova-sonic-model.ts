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
import { novaEndpointing, type NovaSonicOptions } from './nova-sonic-options.js';
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
 *   replays the history), no native delivery modes (`delivery: []`: `when-idle` results wait until the
 *   response ended and the user is quiet, `silent` ones go with the next user turn), typed turns only on
 *   Nova 2 Sonic (`textInput`), no live update (a new setup is a reconnect). A stream lasts 8 minutes
 *   (`maxConnectionMs` option): the connection emits one `go-away` `reconnect.marginMs` (default 60 s)
 *   before — the one restart timer, so `capabilities.maxConnectionMs` is not advertised.
 * - `connect()` is bounded by `connectTimeoutMs` (default 15 s) without a caller's signal.
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
  private readonly endpointing: 'HIGH' | 'MEDIUM' | 'LOW' | undefined;

  constructor(modelId: string, config: NovaSonicModelConfig, options: NovaSonicOptions = {}) {
    this.modelId = modelId;
    this.config = config;
    this.options = options;
    this.clock = options.clock ?? systemClock;
    this.endpointing = novaEndpointing(options);
    const nova2 = /(^|\.)amazon\.nova-2-sonic/.test(modelId);
    this.capabilities = {
      truncation: false,
      nativeAsyncTools: options.nativeAsyncTools ?? nova2,
      resumption: false,
      delivery: [],
      textInput: nova2,
      liveUpdate: false,
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
        maxConnectionMs: this.options.maxConnectionMs ?? 8 * 60_000,
        goAwayBeforeMs: this.options.reconnect?.marginMs ?? this.options.goAwayBeforeMs ?? 60_000,
        connectTimeoutMs: this.options.connectTimeoutMs ?? 15_000,
        textInput: this.capabilities.textInput ?? true,
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
      voice: request.voice ?? this.options.voice ?? 'matthew',
      inference: { maxTokens: inference.maxTokens ?? 1024, topP: inference.topP ?? 0.9, temperature: inference.temperature ?? 0.7 },
      endpointingSensitivity: this.endpointing,
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
