import { checkRealtimeSettings, isRealtimeTurnDetection, RealtimeUnsupportedError, type RealtimeSettings, type RealtimeTurnDetection } from '@tandem/provider-utils';

/**
 * How Gemini Live runs one function tool.
 *
 * - `BLOCKING` (the default): the model waits for the result before it goes on.
 * - `NON_BLOCKING`: the model keeps talking while the tool runs; `scheduling` says what it does when the
 *   result arrives: `INTERRUPT` (stop and speak about it at once), `WHEN_IDLE` (after the current answer;
 *   Gemini's default) or `SILENT` (take it in without saying anything).
 *
 * @example
 * ```ts
 * const timer: GoogleLiveToolOptions = { behavior: 'NON_BLOCKING', scheduling: 'WHEN_IDLE' };
 * ```
 *
 * @category Realtime
 */
export type GoogleLiveToolOptions =
  | { readonly behavior?: 'BLOCKING' }
  | { readonly behavior: 'NON_BLOCKING'; readonly scheduling?: 'INTERRUPT' | 'WHEN_IDLE' | 'SILENT' };

/**
 * Options of `google.live(modelId, settings)`.
 *
 * `turnDetection` (the shape every Tandem realtime adapter takes) maps to
 * `realtimeInputConfig.automaticActivityDetection`: `server-vad` keeps it on (`silenceMs` →
 * `silenceDurationMs`, `eagerness` → `endOfSpeechSensitivity`: `high` ends turns sooner, `low` later),
 * `manual` turns it off (`disabled: true`; the adapter marks activity itself), and `interruptResponse` →
 * `activityHandling`. Gemini has no semantic detection: `semantic` is refused with a
 * `RealtimeUnsupportedError`.
 *
 * @example
 * ```ts
 * const model = google.live('gemini-2.5-flash-native-audio-preview-12-2025', {
 *   voice: 'Kore',
 *   toolOptions: { set_timer: { behavior: 'NON_BLOCKING', scheduling: 'WHEN_IDLE' } },
 *   contextWindowCompression: { triggerTokens: 100_000, targetTokens: 50_000 },
 * });
 * ```
 *
 * @category Realtime
 */
export interface GoogleLiveSettings extends Omit<RealtimeSettings, 'turnDetection'> {
  readonly turnDetection?: RealtimeTurnDetection;
  /** A prebuilt voice, e.g. `Kore`, `Puck`, `Charon` (default: the model's). */
  readonly voice?: string;
  /** BCP-47 language of the spoken output, e.g. `en-US` (default: the model picks). */
  readonly languageCode?: string;
  /** Per-tool Gemini options, by tool name. */
  readonly toolOptions?: { readonly [toolName: string]: GoogleLiveToolOptions };
  /**
   * Sliding-window compression of the session's context, so a session is not cut off when the context
   * fills up (without it, audio-only sessions end after about 15 minutes). Default: on, with the server's
   * default thresholds; `false` turns it off.
   */
  readonly contextWindowCompression?: false | { readonly triggerTokens?: number; readonly targetTokens?: number };
  /**
   * Server voice activity detection tuning (default: the server's).
   * @deprecated Use `turnDetection` (`silenceMs`, `eagerness`, `interruptResponse`); the Gemini-only
   * `startSensitivity` and `prefixPaddingMs` stay here.
   */
  readonly voiceActivityDetection?: {
    /** How readily speech is detected as starting. */
    readonly startSensitivity?: 'HIGH' | 'LOW';
    /** How readily speech is detected as ended. */
    readonly endSensitivity?: 'HIGH' | 'LOW';
    /** Audio kept before detected speech, in ms. */
    readonly prefixPaddingMs?: number;
    /** Silence that ends a turn, in ms. */
    readonly silenceDurationMs?: number;
    /** `false`: user speech does not interrupt the model (no barge-in). Default `true`. */
    readonly interruptResponse?: boolean;
  };
}

/** Throws a `TypeError` for settings the server would reject or silently ignore. @internal */
export function checkGoogleLiveSettings(settings: GoogleLiveSettings): void {
  for (const [name, options] of Object.entries(settings.toolOptions ?? {})) {
    const { behavior } = options;
    if (behavior !== undefined && behavior !== 'BLOCKING' && behavior !== 'NON_BLOCKING') {
      throw new TypeError(`google.live(): toolOptions.${name}.behavior must be 'BLOCKING' or 'NON_BLOCKING'; got ${JSON.stringify(behavior)}.`);
    }
    if ('scheduling' in options && options.scheduling !== undefined && behavior !== 'NON_BLOCKING') {
      throw new TypeError(`google.live(): toolOptions.${name}.scheduling applies to NON_BLOCKING tools only; add behavior: 'NON_BLOCKING' or remove it.`);
    }
  }
  checkRealtimeSettings('google.live()', settings);
  const detection = settings.turnDetection;
  if (detection !== undefined && !isRealtimeTurnDetection('google.live()', detection)) {
    throw new TypeError(`google.live(): turnDetection.type must be 'server-vad' or 'manual' (got ${JSON.stringify((detection as { type?: unknown }).type)}).`);
  }
  if (detection?.type === 'semantic') {
    throw new RealtimeUnsupportedError({
      provider: 'google.live',
      feature: 'turn-detection',
      message: "google.live(): Gemini Live has no semantic turn detection; use { type: 'server-vad', eagerness } (eagerness sets the end-of-speech sensitivity) or { type: 'manual' }.",
    });
  }
}
