import type { PageState } from './page-state.js';

/** What `window.__voice` shows: live state of the page, read when asked (for the browser test). */
export interface VoiceTestHooks {
  readonly connection: string;
  readonly model: { readonly id: string; readonly offlineDemo: boolean } | undefined;
  readonly playback: {
    /** The response the server's audio frames belong to now. */
    readonly responseId: string | undefined;
    readonly bufferedMs: number;
    readonly playing: boolean;
    readonly played: { readonly responseId: string; readonly ms: number } | undefined;
    readonly clears: number;
    readonly lastClearDroppedMs: number;
    readonly framesIn: number;
    readonly playedReportsSent: number;
  };
  readonly mic: { readonly on: boolean; readonly level: number; readonly maxLevel: number; readonly framesSent: number; readonly bytesSent: number };
  readonly audioContext: { readonly state: string; readonly sampleRate: number } | undefined;
  /** Does what the microphone path does when the page hears a stretch of speech end (a real microphone's timing is not the test's to choose). */
  speechEnded(durationMs: number): void;
}

declare global {
  interface Window {
    __voice?: VoiceTestHooks;
  }
}

/** Installs `window.__voice`: getters over the page's real objects (the playback figures are the worklet's own reports). */
export function installTestHooks(state: PageState): void {
  window.__voice = {
    get connection() {
      return state.client.state;
    },
    get model() {
      return state.hello === undefined ? undefined : { id: state.hello.model.id, offlineDemo: state.hello.model.offlineDemo };
    },
    get playback() {
      const report = state.speaker?.state;
      return {
        responseId: state.responseId,
        bufferedMs: report?.bufferedMs ?? 0,
        playing: report?.playing ?? false,
        played: report?.played,
        clears: report?.clears ?? 0,
        lastClearDroppedMs: report?.lastClearDroppedMs ?? 0,
        framesIn: state.speaker?.framesIn ?? 0,
        playedReportsSent: state.playedReportsSent,
      };
    },
    get mic() {
      return { on: state.microphone !== undefined, ...state.mic };
    },
    get audioContext() {
      const context = state.speaker?.context;
      return context === undefined ? undefined : { state: context.state, sampleRate: context.sampleRate };
    },
    speechEnded(durationMs) {
      state.transcript.speechStarted();
      state.transcript.speechEnded(durationMs);
    },
  };
}
