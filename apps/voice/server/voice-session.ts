import { randomUUID } from 'node:crypto';
import { webSocketIO, type BidiAgentOutput, type BidiCloseReason } from '@tandem/bidi';
import { functionToolDefinition, type FunctionTool } from '@tandem/core';
import type { WebSocket } from 'ws';
import { guardSocket, type SocketCounters } from './guarded-socket.js';
import type { VoiceModelChoice } from './model/choose-voice-model.js';
import { VoiceAgent } from './voice-agent.js';
import type { VoiceLimits, VoiceServerOptions } from './voice-server-options.js';

/** What one conversation did, for `/healthz`-style checks and tests. */
export interface VoiceSessionStats extends SocketCounters {
  readonly id: string;
  /** `{ type: 'played' }` reports the page sent, and the last one. */
  playedReports: number;
  lastPlayed: { readonly responseId: string; readonly ms: number } | undefined;
  bargeIns: number;
  toolCalls: number;
  /** Set when the conversation has ended. */
  endReason: BidiCloseReason | 'failed' | undefined;
}

/** What a session needs from its server. */
export interface VoiceSessionSetup {
  readonly model: VoiceModelChoice;
  readonly tools: readonly FunctionTool[];
  readonly system: string | undefined;
  readonly limits: VoiceLimits;
  readonly agent: VoiceServerOptions['agent'];
}

const SERVER_ERROR = 1011;
const GOING_AWAY = 1001;

/**
 * One page's conversation: its own `BidiAgent`, bridged to the page's WebSocket with `webSocketIO`.
 * The page first gets `{ type: 'hello', model, inputSampleRate, outputSampleRate, tools, limits }`, then
 * the `webSocketIO` messages, plus `{ type: 'audio-metrics', responseId, metrics }` when a response's first
 * audio carries latency figures (binary audio frames cannot carry them).
 */
export class VoiceSession {
  readonly stats: VoiceSessionStats;
  /** Settles when the conversation has ended (never rejects). */
  readonly done: Promise<void>;
  private readonly socket: WebSocket;
  private readonly agent: VoiceAgent;

  constructor(socket: WebSocket, setup: VoiceSessionSetup) {
    this.socket = socket;
    const stats: VoiceSessionStats = {
      id: randomUUID(),
      audioFrames: 0,
      audioBytes: 0,
      textFrames: 0,
      playedReports: 0,
      lastPlayed: undefined,
      bargeIns: 0,
      toolCalls: 0,
      endReason: undefined,
    };
    this.stats = stats;
    const { model } = setup.model;
    this.agent = new VoiceAgent(
      // Approvals are spoken (the model asks, the user answers out loud) and the page's buttons answer them too.
      { model, tools: [...setup.tools], approvals: 'spoken', ...(setup.system === undefined ? {} : { system: setup.system }), ...setup.agent },
      (responseId, ms) => {
        stats.playedReports += 1;
        stats.lastPlayed = { responseId, ms };
      },
    );
    socket.on('error', () => undefined); // e.g. a frame over maxPayload: ws closes the socket (1009) itself
    socket.send(
      JSON.stringify({
        type: 'hello',
        model: { id: setup.model.id, label: setup.model.label, offlineDemo: setup.model.offlineDemo },
        inputSampleRate: model.audio.inputRate,
        outputSampleRate: model.audio.outputRate,
        tools: setup.tools.map((tool) => ({ name: tool.name, description: functionToolDefinition(tool).description })),
        limits: { maxFrameBytes: setup.limits.maxFrameBytes, maxMessagesPerSecond: setup.limits.maxMessagesPerSecond },
      }),
    );
    const io = webSocketIO(guardSocket(socket, setup.limits.maxMessagesPerSecond, stats), {
      inputSampleRate: model.audio.inputRate,
      maxFrameBytes: setup.limits.maxFrameBytes,
    });
    this.done = this.agent.run({ inputs: [io], outputs: [io, this.observer()] }).then(
      (result) => {
        stats.endReason = result.reason;
      },
      (error: unknown) => {
        stats.endReason = 'failed';
        const message = error instanceof Error ? error.message : String(error);
        this.send({ type: 'error', code: 'model-unavailable', message: `The model could not be reached: ${message}` });
        socket.close(SERVER_ERROR, 'model-unavailable');
      },
    );
  }

  /** The server is shutting down: tell the page it is going away (it reconnects later) and end the conversation. */
  async shutdown(): Promise<void> {
    if (this.socket.readyState === this.socket.OPEN) this.socket.close(GOING_AWAY, 'server shutting down');
    await this.agent.stop();
    await this.done;
  }

  /** Counts what the page cannot count for us, and sends first-audio latency as JSON. */
  private observer(): BidiAgentOutput {
    return {
      write: (event) => {
        if (event.parentToolCallId !== undefined) return;
        if (event.type === 'barge-in') this.stats.bargeIns += 1;
        else if (event.type === 'tool-start') this.stats.toolCalls += 1;
        else if (event.type === 'audio' && event.metrics !== undefined && Object.keys(event.metrics).length > 0) this.send({ type: 'audio-metrics', responseId: event.responseId, metrics: event.metrics });
      },
    };
  }

  private send(message: unknown): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }
}
