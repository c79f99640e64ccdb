import type { BidiAgentOptions } from '@tandem/bidi';
import { VoiceConfigError } from './voice-config-error.js';
import type { VoiceModelChoice } from './model/choose-voice-model.js';
import type { VoiceDirectMode } from './direct-mode.js';

/** Limits that protect the server from a misbehaving or hostile page. */
export interface VoiceLimits {
  /** Conversations at once; further WebSocket upgrades get 503 (default 4). */
  readonly maxSessions: number;
  /** Largest WebSocket frame accepted, in bytes; a larger one closes that socket with 1009 (default 64 KiB). */
  readonly maxFrameBytes: number;
  /** Messages per second a socket may send on average (bursts of twice that); past it, close 1008 (default 100). */
  readonly maxMessagesPerSecond: number;
}

/** Settings of `startVoiceServer()`. */
export interface VoiceServerOptions {
  /** Interface to bind (default `127.0.0.1`: this machine only). */
  readonly host?: string;
  /** Port (default 8787; 0 picks a free one). */
  readonly port?: number;
  /** The model every conversation uses (see `chooseVoiceModel()`). */
  readonly model: VoiceModelChoice;
  /** Folder with the built page (`dist/web`). */
  readonly webRoot: string;
  /**
   * Page origins allowed to open the WebSocket, besides the server's own (`http://<host>:<port>`, and the
   * `localhost` / `127.0.0.1` / `[::1]` forms when bound to a loopback or wildcard address).
   */
  readonly allowedOrigins?: readonly string[];
  readonly limits?: Partial<VoiceLimits>;
  /** The system prompt of every conversation. */
  readonly system?: string;
  /** Time per source of the `research` tool (default 1 000 ms). */
  readonly researchStepMs?: number;
  /** Passed to every `BidiAgent` (e.g. `cancelGraceMs`; `stopGraceMs` is its deprecated alias). */
  readonly agent?: Pick<BidiAgentOptions, 'cancelGraceMs' | 'stopGraceMs' | 'reconnect'>;
  /** Direct mode (see `directModeFromEnv()`): the page talks to OpenAI itself; the server mints client secrets. */
  readonly direct?: VoiceDirectMode;
}

/** Default limits. */
export const DEFAULT_LIMITS: VoiceLimits = { maxSessions: 4, maxFrameBytes: 64 * 1024, maxMessagesPerSecond: 100 };

/** The system prompt given to a vendor model. */
export const DEFAULT_SYSTEM =
  'You are a friendly voice assistant. Keep answers short and spoken. Use set_timer for timers, get_time for the time, ' +
  'research for anything that needs looking up (it is slow: keep talking while it runs), and end_conversation when the user says goodbye.';

/**
 * The server settings found in the environment: `HOST`, `PORT`, `VOICE_ALLOWED_ORIGINS` (comma-separated),
 * `VOICE_MAX_SESSIONS`, `VOICE_MAX_FRAME_BYTES`, `VOICE_MAX_MESSAGES_PER_SECOND`, `VOICE_SYSTEM`.
 *
 * @throws VoiceConfigError naming the variable and what it must be.
 */
export function serverSettingsFromEnv(env: NodeJS.ProcessEnv): Omit<VoiceServerOptions, 'model' | 'webRoot'> {
  const limits: Partial<{ -readonly [K in keyof VoiceLimits]: number }> = {};
  const maxSessions = integer(env, 'VOICE_MAX_SESSIONS', 1);
  if (maxSessions !== undefined) limits.maxSessions = maxSessions;
  const maxFrameBytes = integer(env, 'VOICE_MAX_FRAME_BYTES', 1024);
  if (maxFrameBytes !== undefined) limits.maxFrameBytes = maxFrameBytes;
  const maxMessagesPerSecond = integer(env, 'VOICE_MAX_MESSAGES_PER_SECOND', 10);
  if (maxMessagesPerSecond !== undefined) limits.maxMessagesPerSecond = maxMessagesPerSecond;
  const origins = (env.VOICE_ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter((origin) => origin !== '');
  for (const origin of origins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) throw new VoiceConfigError(`VOICE_ALLOWED_ORIGINS: "${origin}" is not an origin; write it as http(s)://host[:port], without a path.`);
  }
  const port = integer(env, 'PORT', 0);
  if (port !== undefined && port > 65_535) throw new VoiceConfigError(`PORT=${String(port)}: use a port from 0 to 65535.`);
  return {
    ...(env.HOST === undefined || env.HOST === '' ? {} : { host: env.HOST }),
    ...(port === undefined ? {} : { port }),
    ...(origins.length === 0 ? {} : { allowedOrigins: origins }),
    ...(env.VOICE_SYSTEM === undefined || env.VOICE_SYSTEM === '' ? {} : { system: env.VOICE_SYSTEM }),
    limits,
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, min: number): number | undefined {
  const text = env[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new VoiceConfigError(`${name}=${text}: use a whole number of at least ${String(min)}.`);
  return value;
}
