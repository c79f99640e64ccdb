import { createRealtimeClientSecret } from '@tandem/providers-openai';
import { VoiceConfigError } from './voice-config-error.js';
import type { VoiceModelChoice } from './model/choose-voice-model.js';

/**
 * "Direct" mode: the page runs the `BidiAgent` itself and talks to OpenAI Realtime over the browser's
 * WebSocket; this server only serves the page and mints a short-lived client secret per connection
 * (`POST /realtime/client-secret`). The API key never leaves the server.
 */
export interface VoiceDirectMode {
  /** The Realtime model id the page connects to, e.g. `gpt-realtime`. */
  readonly modelId: string;
  /** HTTP(S) base URL of the Realtime API, with `/v1` (the page derives `wss://…/v1/realtime` from it). */
  readonly baseURL: string;
  /** Mints one client secret (`ek_…`). */
  mint(): Promise<string>;
}

/** What the page learns from `/healthz` in direct mode (never a key). */
export interface DirectModeInfo {
  readonly modelId: string;
  readonly baseURL: string;
  /** The system prompt the page's agent uses. */
  readonly system: string;
}

/** The origin a direct-mode page opens its WebSocket to, for the Content-Security-Policy. */
export function directConnectOrigin(direct: DirectModeInfo): string {
  return new URL(direct.baseURL).origin.replace(/^http/, 'ws');
}

/**
 * Direct mode from the environment: `VOICE_MODE=direct` with the OpenAI model chosen (`OPENAI_API_KEY` set,
 * `VOICE_MODEL` unset or `openai:…`). `OPENAI_BASE_URL` points it elsewhere (tests use a loopback server).
 *
 * @throws VoiceConfigError when direct mode is asked for without an OpenAI Realtime model.
 */
export function directModeFromEnv(env: NodeJS.ProcessEnv, model: VoiceModelChoice): VoiceDirectMode | undefined {
  const mode = env.VOICE_MODE ?? '';
  if (mode === '' || mode === 'server') return undefined;
  if (mode !== 'direct') throw new VoiceConfigError(`VOICE_MODE=${mode}: use server (the default: the server holds the model connection) or direct.`);
  const apiKey = env.OPENAI_API_KEY ?? '';
  if (!model.id.startsWith('openai:') || apiKey === '') {
    throw new VoiceConfigError('VOICE_MODE=direct needs the OpenAI Realtime model: set OPENAI_API_KEY (and VOICE_MODEL unset or openai:…).');
  }
  const modelId = model.id.slice('openai:'.length);
  const baseURL = (env.OPENAI_BASE_URL ?? '') === '' ? 'https://api.openai.com/v1' : (env.OPENAI_BASE_URL as string);
  return {
    modelId,
    baseURL,
    mint: async () => (await createRealtimeClientSecret({ model: modelId, apiKey, baseURL, expiresAfterSeconds: 120 })).value,
  };
}
