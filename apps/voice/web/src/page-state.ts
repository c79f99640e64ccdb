import type { Microphone } from './audio/microphone.js';
import type { Speaker } from './audio/speaker.js';
import type { TranscriptView } from './view/transcript-view.js';
import type { VoiceConnection } from './voice-client.js';
import type { ServerMessage } from './wire.js';

/** Everything the page knows; the test hooks read it. */
export interface PageState {
  /** The server's WebSocket, or the in-page agent of direct mode. */
  client: VoiceConnection;
  readonly transcript: TranscriptView;
  speaker: Speaker | undefined;
  microphone: Microphone | undefined;
  hello: Extract<ServerMessage, { type: 'hello' }> | undefined;
  /** The response whose audio the binary frames now carry. */
  responseId: string | undefined;
  readonly mic: { level: number; maxLevel: number; framesSent: number; bytesSent: number };
  playedReportsSent: number;
}
