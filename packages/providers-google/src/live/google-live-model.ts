import type { Content } from '@google/genai';
import type { BidiAudioConfig, BidiConnectRequest, BidiConnection, BidiModelCapabilities, BidiModelV1 } from '@tandem/core/spec';
import { systemClock } from '@tandem/core';
import { buildLiveSetup } from './build-live-setup.js';
import { GoogleLiveConnection } from './google-live-connection.js';
import { checkGoogleLiveSettings, type GoogleLiveSettings } from './google-live-settings.js';
import { convertLiveHistory, type LiveHistory } from './live-history.js';
import { liveEndpoint, openLiveSession } from './open-live-session.js';
import { newLineage, ResumptionHandles } from './resumption-handles.js';

/**
 * Configuration of {@link GoogleLiveModel}; `createGoogleGenerativeAI().live(id)` builds it from the provider settings.
 *
 * @example
 * ```ts
 * const model = new GoogleLiveModel('gemini-live-2.5-flash-preview', {
 *   provider: 'google.live', baseURL: 'https://generativelanguage.googleapis.com/v1beta', apiKey: () => key,
 *   headers: {}, generateId: () => crypto.randomUUID(), warn: console.warn, settings: { voice: 'Puck' },
 * });
 * ```
 *
 * @category Realtime
 */
export interface GoogleLiveConfig {
  readonly provider: string;
  /** Base URL including the version segment, e.g. `https://generativelanguage.googleapis.com/v1beta`. */
  readonly baseURL: string;
  /** Reads the API key (at connect time). */
  readonly apiKey: () => string;
  readonly headers: { readonly [name: string]: string };
  /** Ids for function calls that arrive without one. */
  readonly generateId: () => string;
  /** Receives non-fatal warnings. */
  readonly warn: (message: string) => void;
  readonly settings: GoogleLiveSettings;
}

/** A Live connection lasts about 10 minutes. */
const CONNECTION_LIMIT_MS = 10 * 60_000;

/** Gemini Live takes 16 kHz PCM16 and speaks 24 kHz PCM16. */
const AUDIO: BidiAudioConfig = { inputRate: 16_000, outputRate: 24_000, channels: 1 };

/**
 * A Gemini Live (`BidiGenerateContent` over WebSocket) speech-to-speech model, as a Tandem bidi model, on
 * `@google/genai`'s live client. Create it with `google.live(id)` and run it with `BidiAgent`.
 *
 * - Audio: PCM16 mono, 16 kHz in, 24 kHz out; both sides are transcribed. Server voice activity detection
 *   takes turns; Gemini's `interrupted` is reported as `barge-in`.
 * - Tools: each `toolCall` message is one `tool-group`; its results go back as one `toolResponse`, at any
 *   time (`nativeAsyncTools`: Gemini takes results while it talks; `NON_BLOCKING` tools keep it talking
 *   while they run). Delivery is native (`capabilities.delivery`): tools with a `delivery` are declared
 *   `NON_BLOCKING`, and every `FunctionResponse` of a group carries the group's `scheduling`
 *   (`INTERRUPT` / `WHEN_IDLE` / `SILENT`).
 * - History is seeded as the protocol documents: `historyConfig.initialHistoryInClientContent` in the setup,
 *   then the turns as `clientContent` closed by `turnComplete: true` (no model call is made for it).
 * - No live update (`liveUpdate: false`): a new system prompt, tools or voice is a reconnect with the new
 *   setup (the agent replays the history).
 * - `connect()` is bounded by `connectTimeoutMs` (default 15 s). Sessions are resumable: `goAway` becomes
 *   `go-away` with the newest resumption handle, which `connect({ resumeToken })` resumes (the history is
 *   then not replayed). A connection lasts about 10 minutes: the connection also emits one `go-away`
 *   `reconnect.marginMs` (default 30 s) before (so `maxConnectionMs` is not advertised: one timer); context
 *   window compression (default on) lifts the session limit.
 * - No truncation: Gemini cannot be told how much of its audio was played.
 *
 * @example
 * ```ts
 * const model = google.live('gemini-2.5-flash-native-audio-preview-12-2025', { voice: 'Kore' });
 * const agent = new BidiAgent({ model, tools: [setTimer] });
 * ```
 *
 * @category Realtime
 */
export class GoogleLiveModel implements BidiModelV1 {
  readonly specificationVersion = 'v1' as const;
  readonly provider: string;
  readonly modelId: string;
  readonly capabilities: BidiModelCapabilities = {
    truncation: false,
    nativeAsyncTools: true,
    resumption: true,
    delivery: ['interrupt', 'when-idle', 'silent'],
    textInput: true,
    liveUpdate: false,
  };
  readonly audio: BidiAudioConfig = AUDIO;
  private readonly config: GoogleLiveConfig;
  private readonly handles = new ResumptionHandles();

  constructor(modelId: string, config: GoogleLiveConfig) {
    checkGoogleLiveSettings(config.settings);
    this.modelId = modelId;
    this.provider = config.provider;
    this.config = config;
  }

  async connect(request: BidiConnectRequest): Promise<BidiConnection> {
    const { signal } = request;
    signal?.throwIfAborted();
    const { config } = this;
    const clock = config.settings.clock ?? systemClock;
    const apiKey = config.apiKey();
    const resumed = request.resumeToken === undefined ? undefined : this.handles.resolve(request.resumeToken);
    const history: LiveHistory = resumed === undefined ? convertLiveHistory(request.messages) : { systemParts: [], turns: [], pendingCalls: new Map() };
    const { baseUrl, apiVersion } = splitBaseURL(config.baseURL);
    const connection = new GoogleLiveConnection({
      url: liveEndpoint(baseUrl, apiVersion),
      inputRate: AUDIO.inputRate,
      outputRate: AUDIO.outputRate,
      lineage: resumed?.lineage ?? newLineage(),
      handles: this.handles,
      pendingCalls: history.pendingCalls,
      toolOptions: config.settings.toolOptions ?? {},
      generateId: config.generateId,
      closeWaitMs: 1_000,
      manualActivity: config.settings.turnDetection?.type === 'manual',
      ...(signal === undefined ? {} : { signal }),
    });
    const setup = buildLiveSetup({
      systemParts: [...(request.system === undefined ? [] : [request.system]), ...history.systemParts],
      tools: request.tools,
      settings: request.voice === undefined ? config.settings : { ...config.settings, voice: request.voice },
      warn: config.warn,
      seedsHistory: history.turns.length > 0,
      ...(resumed === undefined ? {} : { resumeHandle: resumed.handle }),
    });
    const session = await openLiveSession({
      apiKey,
      baseUrl,
      apiVersion,
      headers: config.headers,
      model: this.modelId,
      config: setup,
      timeoutMs: config.settings.connectTimeoutMs ?? 15_000,
      ...(setup.historyConfig === undefined ? {} : { setupExtras: { historyConfig: setup.historyConfig } }),
      clock,
      events: connection.sessionEvents,
      ...(signal === undefined ? {} : { signal }),
    });
    connection.attach(session);
    // The initial history (setup.historyConfig): its closing turnComplete ends it without a model call.
    if (history.turns.length > 0) session.sendClientContent({ turns: history.turns as Content[], turnComplete: true });
    connection.watchConnectionLimit(clock, CONNECTION_LIMIT_MS, config.settings.reconnect?.marginMs ?? 30_000);
    return connection;
  }
}

/** `https://host/v1beta` → the SDK's `baseUrl` (no version) and `apiVersion`. */
function splitBaseURL(baseURL: string): { readonly baseUrl: string; readonly apiVersion: string } {
  const match = /^(.*)\/(v\d+(?:alpha|beta)?\d*)$/.exec(baseURL);
  if (match?.[1] === undefined || match[2] === undefined) return { baseUrl: baseURL, apiVersion: 'v1beta' };
  return { baseUrl: match[1], apiVersion: match[2] };
}
