import { describeMicrophoneError, Microphone } from './audio/microphone.js';
import { Speaker } from './audio/speaker.js';
import { SpeechSegments } from './speech-segments.js';
import { installTestHooks } from './test-hooks.js';
import { endReasonInWords } from './end-reason.js';
import { StatusView } from './view/status-view.js';
import { ToolPanel } from './view/tool-panel.js';
import { TranscriptView } from './view/transcript-view.js';
import { VoiceClient, type VoiceClientEvents } from './voice-client.js';
import type { DirectModeSettings } from './direct-voice-client.js';
import type { PageState } from './page-state.js';
import type { ServerMessage } from './wire.js';

const status = new StatusView();
const transcript = new TranscriptView(document.getElementById('transcript') as HTMLElement);
const tools = new ToolPanel(document.getElementById('tool-groups') as HTMLElement, (toolCallId, approved) =>
  state.client.send(approved ? { type: 'approve', toolCallId } : { type: 'deny', toolCallId, reason: 'The user denied it in the page.' }),
);
const speech = new SpeechSegments();
let context: AudioContext | undefined;
let lastPlayedSent = '';

const clientEvents: VoiceClientEvents = {
  state: (connection) => {
    status.setConnection(connection);
    if (connection === 'connected') status.hideNotice();
    if (connection === 'disconnected' || connection === 'reconnecting') {
      tools.endConversation('stopped: the conversation ended with the connection');
      stopMicrophone();
      transcript.closeAll();
      status.setSpeaking(false);
      state.speaker?.clear();
    }
  },
  message: (message) => onMessage(message),
  audio: (pcm) => {
    if (state.responseId !== undefined) state.speaker?.enqueue(state.responseId, pcm);
  },
  notice: (text, kind) => status.show(text, kind),
};

const state: PageState = {
  client: new VoiceClient(new URL('ws', location.href.replace(/^http/, 'ws')).href, clientEvents),
  transcript,
  speaker: undefined,
  microphone: undefined,
  hello: undefined,
  responseId: undefined,
  mic: { level: 0, maxLevel: 0, framesSent: 0, bytesSent: 0 },
  playedReportsSent: 0,
};
installTestHooks(state);

/**
 * Direct mode (the server says so at `/healthz`): the agent runs in this page and talks to OpenAI itself. Until
 * the answer arrives the page uses the server's WebSocket, which the server keeps serving in direct mode too.
 */
async function useDirectModeIfOffered(): Promise<void> {
  const response = await fetch('healthz');
  if (!response.ok) return;
  const health = (await response.json()) as { mode?: string; direct?: Omit<DirectModeSettings, 'model'>; model: DirectModeSettings['model'] };
  if (health.mode !== 'direct' || health.direct === undefined || state.client.state !== 'disconnected') return;
  const { DirectVoiceClient } = await import('./direct-voice-client.js');
  state.client = new DirectVoiceClient({ ...health.direct, model: health.model }, clientEvents);
  status.show(`Direct mode: this page talks to ${health.model.label} itself; the server only mints short-lived client secrets.`, 'info');
}
void useDirectModeIfOffered().catch(() => undefined);

function onMessage(message: ServerMessage): void {
  // Events of agents nested in a tool carry the outer call's id; the panel shows the outer call only.
  if ('parentToolCallId' in message && message.parentToolCallId !== undefined) return;
  tools.handle(message);
  switch (message.type) {
    case 'hello':
      state.hello = message;
      status.setModel(message.model.label, message.model.offlineDemo, message.tools.map((tool) => tool.name));
      return;
    case 'audio-format':
      state.speaker?.setSourceRate(message.sampleRate);
      return;
    case 'response-start':
      state.responseId = message.responseId;
      return;
    case 'response-complete':
      state.speaker?.endResponse(message.responseId);
      return;
    case 'clear':
      state.speaker?.clear();
      return;
    case 'barge-in':
      transcript.interrupted();
      return;
    case 'transcript':
      transcript.delta(message.role, message.delta, message.final);
      if (message.role === 'user') status.setSpeaking(!message.final);
      return;
    case 'audio-metrics': {
      const { speechEndToFirstAudioMs, toolResultToFirstAudioMs } = message.metrics;
      if (toolResultToFirstAudioMs !== undefined) status.setFirstAudio(toolResultToFirstAudioMs, 'tool results');
      else if (speechEndToFirstAudioMs !== undefined) status.setFirstAudio(speechEndToFirstAudioMs, 'turn');
      return;
    }
    case 'tool-call-result':
      if (tools.lastResult !== undefined) status.setToolLatency(tools.lastResult.toolName, tools.lastResult.durationMs);
      return;
    case 'error': {
      const text = message.message ?? message.error?.message ?? 'unknown error';
      if (message.code !== undefined || message.fatal === true) status.show(`Error: ${text}`, 'error');
      return;
    }
    case 'connection-close':
      tools.endConversation(`stopped: ${endReasonInWords(message.reason)}`);
      return;
    default:
      return;
  }
}

async function ensureAudio(): Promise<void> {
  context ??= new AudioContext({ latencyHint: 'interactive' });
  if (context.state === 'suspended') await context.resume();
  state.speaker ??= await Speaker.create(context, 'playback-processor.js', (report) => {
    status.setBuffered(report.bufferedMs);
    const played = report.played;
    if (played === undefined) return;
    const key = `${played.responseId}:${String(Math.round(played.ms))}`;
    if (key === lastPlayedSent || played.ms <= 0) return;
    if (state.client.send({ type: 'played', responseId: played.responseId, ms: Math.round(played.ms) })) {
      lastPlayedSent = key;
      state.playedReportsSent += 1;
    }
  });
}

async function startMicrophone(): Promise<void> {
  const hello = state.hello;
  if (context === undefined || hello === undefined) return;
  try {
    state.microphone = await Microphone.open(context, 'capture-processor.js', hello.inputSampleRate, {
      frame: (pcm) => {
        if (state.client.sendAudio(pcm)) {
          state.mic.framesSent += 1;
          state.mic.bytesSent += pcm.byteLength;
        }
      },
      level: (rms) => {
        const change = speech.push(rms, performance.now());
        if (change?.type === 'start') transcript.speechStarted();
        if (change?.type === 'end') transcript.speechEnded(change.durationMs);
        state.mic.level = rms;
        state.mic.maxLevel = Math.max(state.mic.maxLevel, rms);
        status.setLevel(rms);
      },
    });
    status.setMic(true);
  } catch (error) {
    status.setMic(false);
    status.show(describeMicrophoneError(error), 'error');
  }
}

function stopMicrophone(): void {
  const change = speech.stop();
  if (change?.type === 'end') transcript.speechEnded(change.durationMs);
  state.microphone?.close();
  state.microphone = undefined;
  state.mic.level = 0;
  status.setMic(false);
}

document.getElementById('connect')?.addEventListener('click', () => {
  if (state.client.state !== 'disconnected') {
    state.client.disconnect();
    return;
  }
  status.hideNotice();
  ensureAudio().then(
    () => state.client.connect(),
    (error: unknown) => status.show(`Audio output could not start: ${error instanceof Error ? error.message : String(error)}`, 'error'),
  );
});

document.getElementById('mic')?.addEventListener('click', () => {
  if (state.microphone !== undefined) stopMicrophone();
  else void startMicrophone();
});

document.getElementById('turn')?.addEventListener('submit', (event) => {
  event.preventDefault();
  const input = document.getElementById('text') as HTMLInputElement;
  const text = input.value.trim();
  if (text === '') return;
  if (!state.client.send({ type: 'text', text })) {
    status.show('Not connected: press Connect first.', 'error');
    return;
  }
  transcript.typed(text);
  input.value = '';
});

setInterval(() => tools.tick(performance.now()), 100);
status.setConnection('disconnected');
