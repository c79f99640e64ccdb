import type { BidiAudioConfig, BidiConnectRequest, BidiConnection, BidiModelCapabilities, BidiModelV1 } from '@tandem/core/spec';
import { historyItems, sessionUpdate } from './realtime-client-events.js';
import { OpenAIRealtimeConnection } from './openai-realtime-connection.js';
import { openWebSocket } from './open-web-socket.js';

/** The sample rate of the Realtime API's PCM16 audio, in and out. */
const SAMPLE_RATE = 24_000;

/** Configuration of {@link OpenAIRealtimeModel} (built by `createOpenAI`). */
export interface OpenAIRealtimeConfig {
  readonly provider: string;
  /** HTTP(S) base URL including `/v1`; the WebSocket URL is derived from it (`wss://…/v1/realtime?model=…`). */
  readonly baseURL: string;
  /** Headers computed per connection (the API key is read here, lazily). */
  readonly headers: () => { readonly [name: string]: string | undefined };
  readonly secrets: () => readonly (string | undefined)[];
  /** Output voice, e.g. `marin` (default: the server's). */
  readonly voice?: string;
  /** Model that transcribes the user's audio (default `gpt-4o-mini-transcribe`). */
  readonly transcriptionModel?: string;
}

/**
 * An OpenAI speech-to-speech model on the Realtime API (WebSocket), as a Tandem bidi model. Create it with
 * `openai.realtime('gpt-realtime')` and run it with `BidiAgent` from `@tandem/bidi`.
 *
 * - Audio is PCM16 mono at 24 kHz in both directions; server voice activity detection starts responses,
 *   and `input_audio_buffer.speech_started` is reported as `barge-in`.
 * - The function calls of one response form one `tool-group`; results go back as `function_call_output`
 *   items plus one `response.create`. Results are held while a response is active
 *   (`capabilities.nativeAsyncTools: false`), since a second response cannot start then.
 * - `truncate()` tells the server how much of a response's audio was played.
 * - An expired session is reported as `timeout`; sessions last at most 60 minutes.
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

  constructor(modelId: string, config: OpenAIRealtimeConfig) {
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
    const socket = await openWebSocket({ url, headers, signal, secrets, label: 'OpenAI Realtime' });
    const connection = new OpenAIRealtimeConnection(socket, { url, sampleRate: SAMPLE_RATE, secrets, signal });
    try {
      await connection.sendEvent(
        sessionUpdate({
          modelId: this.modelId,
          system: request.system,
          tools: request.tools,
          voice: this.config.voice,
          transcriptionModel: this.config.transcriptionModel,
          sampleRate: SAMPLE_RATE,
        }),
      );
      for (const event of historyItems(request.messages)) await connection.sendEvent(event);
    } catch (error) {
      await connection.close();
      if (signal?.aborted) throw signal.reason;
      throw error;
    }
    return connection;
  }
}
