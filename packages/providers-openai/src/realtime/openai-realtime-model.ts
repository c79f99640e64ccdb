import { APICallError, type BidiAudioConfig, type BidiConnectRequest, type BidiConnection, type BidiModelCapabilities, type BidiModelV1 } from '@tandem/core/spec';
import { systemClock } from '@tandem/core';
import { connectDeadline } from '@tandem/provider-utils';
import { historyItems, sessionUpdate } from './realtime-client-events.js';
import { OpenAIRealtimeConnection } from './openai-realtime-connection.js';
import { openAITurnDetection, validateRealtimeOptions, type OpenAIRealtimeOptions } from './openai-realtime-options.js';
import { openBrowserWebSocket } from './open-browser-web-socket.js';
import { openWebSocket } from './open-web-socket.js';
import type { RealtimeSocket } from './realtime-socket.js';
import { loadRealtimeEventParser } from './realtime-event-parser.js';

/** The sample rate of the Realtime API's PCM16 audio, in and out. */
const SAMPLE_RATE = 24_000;
/** A Realtime session lasts at most 60 minutes. */
const SESSION_LIMIT_MS = 60 * 60_000;

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
 *
 * @category Realtime
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
 * - `connect()` opens the WebSocket, sends `session.update` (instructions, tools, PCM16 24 kHz audio both
 *   ways, voice, turn detection, input transcription) and the history, and resolves once the server
 *   acknowledged the session with `session.updated` — all within `connectTimeoutMs` (default 15 s), also
 *   without a caller's signal (a server that accepts TCP but never answers the upgrade cannot hang it).
 * - The function calls of one response form one `tool-group`; their results go back as
 *   `function_call_output` items plus exactly one `response.create`, which a response sequencer holds
 *   while a response is active and re-sends if the server refused it for an active response.
 * - Delivery modes are native (`capabilities.delivery`): `interrupt` cancels the active response, adds the
 *   results and asks for one response; `when-idle` adds them and asks once neither side speaks; `silent`
 *   only adds them. `send({ type: 'context' })` adds a `system` note answered the same way.
 * - `update({ system, tools, voice })` is a `session.update` (`liveUpdate`); a voice change after the session
 *   has spoken is refused, so the agent reconnects.
 * - Capabilities: `truncation` (the audio item playing is cut at the played position on barge-in),
 *   no `nativeAsyncTools` (a response cannot take results mid-way: the agent holds them until it ends),
 *   no `resumption`. Sessions last at most 60 minutes: the connection emits one `go-away`
 *   `reconnect.marginMs` (default 30 s) before, so the agent restarts at a turn boundary (this one timer is
 *   why `maxConnectionMs` is not advertised).
 *
 * @example
 * ```ts
 * const connection = await openai.realtime('gpt-realtime').connect({ tools: [], messages: [] });
 * await connection.send({ type: 'text', text: 'Say hello.' });
 * for await (const event of connection.events()) if (event.type === 'response-end') break;
 * await connection.close();
 * ```
 *
 * @category Realtime
 */
export class OpenAIRealtimeModel implements BidiModelV1 {
  readonly specificationVersion = 'v1' as const;
  readonly provider: string;
  readonly modelId: string;
  readonly capabilities: BidiModelCapabilities = {
    truncation: true,
    nativeAsyncTools: false,
    resumption: false,
    delivery: ['interrupt', 'when-idle', 'silent'],
    textInput: true,
    liveUpdate: true,
  };
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
    const { clientSecret } = this.config;
    const headers: { [name: string]: string } = {};
    // With a client secret no API key is read: the browser path never has one.
    if (clientSecret === undefined) for (const [name, value] of Object.entries(this.config.headers())) if (value !== undefined) headers[name] = value;
    const secrets: (string | undefined)[] = clientSecret === undefined ? [...this.config.secrets()] : [];
    const clock = this.config.clock ?? systemClock;
    const timeoutMs = this.config.connectTimeoutMs ?? this.config.sessionTimeoutMs ?? 15_000;
    const deadline = connectDeadline(
      timeoutMs,
      clock,
      () =>
        new APICallError({
          message: `OpenAI Realtime did not set up the session within ${String(timeoutMs)} ms (WebSocket upgrade and session.updated). Check the baseURL, or raise connectTimeoutMs.`,
          url,
          isRetryable: true,
        }),
      signal,
    );
    try {
      await loadRealtimeEventParser(); // its zod schemas load now, not when the provider is imported
      let socket: RealtimeSocket;
      if (clientSecret === undefined) socket = await openWebSocket({ url, headers, signal: deadline.signal, secrets, label: 'OpenAI Realtime' });
      else {
        const secret = typeof clientSecret === 'function' ? await clientSecret() : clientSecret;
        if (typeof secret !== 'string' || secret.length === 0) throw new TypeError('openai.realtime(): `clientSecret` must be (or resolve to) the `value` of a client secret your server minted with createRealtimeClientSecret().');
        secrets.push(secret);
        socket = await openBrowserWebSocket({ url, clientSecret: secret, signal: deadline.signal, label: 'OpenAI Realtime' });
      }
      const connection = new OpenAIRealtimeConnection(socket, { url, sampleRate: SAMPLE_RATE, secrets, signal });
      await this.configure(connection, request, deadline.signal);
      connection.watchConnectionLimit(clock, SESSION_LIMIT_MS, this.config.reconnect?.marginMs ?? 30_000);
      return connection;
    } finally {
      deadline.release();
    }
  }

  private async configure(connection: OpenAIRealtimeConnection, request: BidiConnectRequest, deadline: AbortSignal): Promise<void> {
    const { signal } = request;
    try {
      const update = sessionUpdate({
        modelId: this.modelId,
        system: request.system,
        tools: request.tools,
        voice: request.voice ?? this.config.voice,
        transcriptionModel: this.config.transcriptionModel,
        turnDetection: openAITurnDetection(this.config.turnDetection),
        sampleRate: SAMPLE_RATE,
      });
      await connection.configure(update, historyItems(request.messages), deadline);
    } catch (error) {
      await connection.close();
      if (signal?.aborted) throw signal.reason;
      throw error;
    }
  }
}
