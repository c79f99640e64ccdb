import { BidiAgent, webSocketIO } from '@tandem/bidi';
import { functionToolDefinition } from '@tandem/core';
import { createOpenAI } from '@tandem/providers-openai';
import { ToolActivity } from '../../server/tools/tool-activity.js';
import { voiceTools } from '../../server/tools/voice-tools.js';
import { InPageSocket } from './in-page-socket.js';
import type { ConnectionState, VoiceClientEvents, VoiceConnection } from './voice-client.js';
import { parseServerMessage, type ClientMessage } from './wire.js';

/** What `/healthz` tells a direct-mode page (never a key). */
export interface DirectModeSettings {
  readonly modelId: string;
  readonly baseURL: string;
  readonly system: string;
  readonly model: { readonly id: string; readonly label: string; readonly offlineDemo: boolean };
}

/** The page's limits: the same wire as with the server, so the same numbers. */
const LIMITS = { maxFrameBytes: 64 * 1024, maxMessagesPerSecond: 100 };

/**
 * Direct mode: the `BidiAgent` runs in this page and talks to OpenAI Realtime over the browser's WebSocket,
 * authenticated with a short-lived client secret the app's server mints for each connection
 * (`POST /realtime/client-secret`). The page's views are fed the same wire messages a server sends.
 */
export class DirectVoiceClient implements VoiceConnection {
  private readonly settings: DirectModeSettings;
  private readonly events: VoiceClientEvents;
  private current: ConnectionState = 'disconnected';
  private socket: InPageSocket | undefined;
  private agent: BidiAgent | undefined;

  constructor(settings: DirectModeSettings, events: VoiceClientEvents) {
    this.settings = settings;
    this.events = events;
  }

  get state(): ConnectionState {
    return this.current;
  }

  connect(): void {
    if (this.agent !== undefined) return;
    this.setState('connecting');
    const model = createOpenAI({ baseURL: this.settings.baseURL }).realtime(this.settings.modelId, { clientSecret: () => mintClientSecret() });
    const tools = voiceTools(new ToolActivity());
    let ended: string | undefined;
    const socket = new InPageSocket({
      text: (text) => {
        const message = parseServerMessage(text);
        if (message === undefined) return;
        if (message.type === 'connection-start') this.setState('connected');
        if (message.type === 'connection-close') ended = message.reason;
        this.events.message(message);
      },
      binary: (data) => this.events.audio(data),
      closed: () => undefined,
    });
    // As the server mode: a call that needs approval is asked out loud and answered by voice or with the panel's buttons.
    const agent = new BidiAgent({ model, tools, approvals: 'spoken', system: this.settings.system });
    this.socket = socket;
    this.agent = agent;
    this.events.message({
      type: 'hello',
      model: this.settings.model,
      inputSampleRate: model.audio.inputRate,
      outputSampleRate: model.audio.outputRate,
      tools: tools.map((tool) => ({ name: tool.name, description: functionToolDefinition(tool).description })),
      limits: LIMITS,
    });
    const io = webSocketIO(socket.agentEnd, { inputSampleRate: model.audio.inputRate, maxFrameBytes: LIMITS.maxFrameBytes });
    agent.run({ inputs: [io], outputs: [io] }).then(
      () => this.finish(agent, ended === undefined ? undefined : `The conversation ended (${ended}). Connect to start a new one.`, 'info'),
      (error: unknown) => this.finish(agent, `OpenAI Realtime could not be reached: ${error instanceof Error ? error.message : String(error)}`, 'error'),
    );
  }

  disconnect(): void {
    const agent = this.agent;
    this.socket?.closeFromPage(1000, 'disconnected by the user');
    this.finish(agent, undefined, 'info');
    void agent?.stop();
  }

  send(message: ClientMessage): boolean {
    return this.current === 'connected' && (this.socket?.fromPage(JSON.stringify(message)) ?? false);
  }

  sendAudio(frame: ArrayBuffer): boolean {
    return this.current === 'connected' && (this.socket?.fromPage(frame) ?? false);
  }

  private finish(agent: BidiAgent | undefined, notice: string | undefined, kind: 'info' | 'error'): void {
    if (agent === undefined || agent !== this.agent) return;
    this.agent = undefined;
    this.socket = undefined;
    this.setState('disconnected');
    if (notice !== undefined) this.events.notice(notice, kind);
  }

  private setState(state: ConnectionState): void {
    if (state === this.current) return;
    this.current = state;
    this.events.state(state);
  }
}

/** Asks this page's server for a fresh client secret (the server holds the API key). */
async function mintClientSecret(): Promise<string> {
  const response = await fetch('realtime/client-secret', { method: 'POST' });
  const body = (await response.json()) as { value?: string; error?: string };
  if (!response.ok || typeof body.value !== 'string') throw new Error(body.error ?? `the server answered ${String(response.status)}`);
  return body.value;
}
