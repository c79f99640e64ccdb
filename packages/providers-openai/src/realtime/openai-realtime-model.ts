import type { BidiAudioConfig, BidiConnectRequest, BidiConnection, BidiModelCapabilities, BidiModelV1 } from '@tandem/core/spec';
import { historyItems, sessionUpdate } from './realtime-client-events.js';
import { OpenAIRealtimeConnection } from './openai-realtime-connection.js';
import { validateRealtimeOptions, type OpenAIRealtimeOptions } from './openai-realtime-options.js';
import { openWebSocket } from './open-web-socket.js';
import { loadRealtimeEventParser } from './realtime-event-parser.js';

/** The sample rate of the Realtime API's PCM16 audio, in and out. */
const SAMPLE_RATE = 24_000;

/**
 * Configuration of {@link OpenAIRealtimeModel} (built by `createOpenAI`): the options of
 * `openai.realtime(id, options)` plus where and how to connect.
 *
 * @example
 * ```ts
 * const model = new OpenAIRealtimeModel('gpt-realtime', {
 *   provider: 'openai.realtime',
 *   baseURL: 'https://api.openai.com/v1',
 *   headers: () => ({ authorization: `Bearer ${process.env.OPENAI_API_KEY}` }),
 *   secrets: () => [process.env.OPENAI_API_KEY],
 *   voice: 'marin',
 * });
 * ```
 */
export interface OpenAIRealtimeConfig extends OpenAIRealtimeOptions {
  readonly provider: string;
  /** HTTP(S) base URL including `/v1`; the WebSocket URL is derived from it (`wss://…/v1/realtime?model=…`). */
  readonly baseURL: string;
  /** Headers computed per connection (the API key is read here, lazily). */
  readonly headers: () => { readonly [name: string]: string | undefined };
  readonly secrets: () => readonly (string | undefined)[];
}

/**
 * An OpenAI speech-to-speech model on the Realtime API (WebSocket), as a Tandem bidi model. Create it with
 * `openai.realtime('gpt-realtime', options)` and run it with `BidiAgent` from `@tandem/bidi`.
 *
 * - `connect()` sends `session.update` (instructions, tools, PCM16 24 kHz audio both ways, voice, turn
 *   detection, input transcription) and the history, and resolves once the server acknowledged the
 *   session with `session.updated`.
 * - The function calls of one response form one `tool-group`; their results go back as
 *   `function_call_output` items plus exactly one `response.create`, which a response sequencer holds
 *   while a response is active and re-sends if the server refused it for an active response.
 * - Capabilities: `truncation` (the audio item playing is cut at the played position on barge-in),
 *   no `nativeAsyncTools` (a response cannot take results mid-way: the agent holds them until it ends),
 *   no `resumption`, and sessions last at most 60 minutes (`maxConnectionMs`; the agent restarts before).
 *
 * @example
 * ```ts
 * const connection = await openai.realtime('gpt-realtime').connect({ tools: [], messages: [] });
 * await connection.send({ type: 'text', text: 'Say hello.' });
 * for await (const event of connection.events()) if (event.type === 'response-end') break;
 * await connection.close();
 * ```
 */
export class OpenAIRealtimeModel implements BidiModelV1 {
  readonly specificationVersion = 'v1' as const;
  readonly provider: string;
  readonly modelId: string;
  readonly capabilities: BidiModelCapabilities = { truncation: true, nativeAsyncTools: false, resumption: false, maxConnectionMs: 60 * 60_000 };
  readonly audio: BidiAudioConfig = { inputRate: SAMPLE_RATE, outputRate: SAMPLE_RATE, channels: 1 };
  private readonly config: OpenAIRealtimeConfig;

  /** @throws TypeError or RangeError for invalid options (see {@link OpenAIRealtimeOptions}). */
  constructor(modelId: string, config: OpenAIRealtimeConfig) {
    validateRealtimeOptions(config);
    this.modelId = modelId;
    this.config = config;
    this.provider = config.provider;
  }

  async connect(request: BidiConnectRequest): Promise<BidiConnection> {
    const { signal } = request;
    signal?.throwIfAborted();
    const url = `${this.config.baseURL.replace(/^http/, 'ws')}/realtime?model=${encodeURIComponent(this.modelId)}`;
    const headers: { [name: string]: string } = {};
    for (const [name, value] of Object.entries(this.config.headers())) if (value !== undefined) headers[name] = value;
    const secrets = this.config.secrets();
    await loadRealtimeEventParser(); // its zod schemas load now, not when the provider is imported
    const socket = await openWebSocket({ url, headers, signal, secrets, label: 'OpenAI Realtime' });
    const connection = new OpenAIRealtimeConnection(socket, { url, sampleRate: SAMPLE_RATE, secrets, signal });
    try {
      const update = sessionUpdate({
        modelId: this.modelId,
        system: request.system,
        tools: request.tools,
        voice: this.config.voice,
        transcriptionModel: this.config.transcriptionModel,
        turnDetection: this.config.turnDetection,
        sampleRate: SAMPLE_RATE,
      });
      await connection.configure(update, historyItems(request.messages), this.config.sessionTimeoutMs ?? 15_000);
    } catch (error) {
      await connection.close();
      if (signal?.aborted) throw signal.reason;
      throw error;
    }
    return connection;
  }
}
