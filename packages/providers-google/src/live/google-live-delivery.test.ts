// Delivery modes, context notes, turn detection and the connection limit on the Live wire (loopback server).
import type { BidiConnection, BidiModelEvent, ToolDefinition } from '@tandem/core/spec';
import { contractTools, ManualClock } from '@tandem/core/testing';
import { RealtimeUnsupportedError } from '@tandem/provider-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGoogle } from '../google-provider.js';
import type { GoogleLiveSettings } from './google-live-settings.js';
import { EventReader, textResult } from './live-test-kit.test-helper.js';
import { LiveTestServer } from './live-test-server.test-helper.js';

let server: LiveTestServer;
let connection: BidiConnection | undefined;
beforeEach(async () => {
  server = await LiveTestServer.start();
});
afterEach(async () => {
  await connection?.close();
  connection = undefined;
  await server.close();
});

const live = (settings?: GoogleLiveSettings) => createGoogle({ apiKey: 'gemini-key', baseURL: `${server.url}/v1beta` }).live('gemini-live-2.5-flash-preview', settings);
const withDelivery = (tool: ToolDefinition, delivery: 'interrupt' | 'when-idle' | 'silent'): ToolDefinition => (tool.kind === 'function' ? { ...tool, delivery } : tool);
const toolCall = (...calls: { id: string; name: string }[]) => ({ toolCall: { functionCalls: calls.map((c) => ({ ...c, args: {} })) } });

describe('google.live delivery', () => {
  it('declares NON_BLOCKING for tools with a delivery, and puts the group mode on every FunctionResponse', async () => {
    const [weather, time] = contractTools;
    connection = await live().connect({ tools: [withDelivery(weather!, 'silent'), time!], messages: [] });
    const client = await server.connection(0);
    const { setup } = client.received[0] as { setup: { tools: { functionDeclarations: { name: string; behavior?: string }[] }[] } };
    expect(setup.tools[0]!.functionDeclarations.map((d) => [d.name, d.behavior])).toEqual([
      ['weather', 'NON_BLOCKING'],
      ['current_time', undefined],
    ]);
    const reader = new EventReader(connection.events());
    for (const [index, mode] of (['interrupt', 'when-idle', 'silent'] as const).entries()) {
      client.send(toolCall({ id: `w${index}`, name: 'weather' }, { id: `t${index}`, name: 'current_time' }));
      await reader.take((e) => e.type === 'tool-group');
      await connection.sendToolResults([textResult(`w${index}`, 'weather', 'sunny'), textResult(`t${index}`, 'current_time', 'noon')], { delivery: mode });
    }
    await client.waitFor(4);
    const scheduling = client.received.slice(1).map((m) => (m as { toolResponse: { functionResponses: { id: string; scheduling?: string }[] } }).toolResponse.functionResponses.map((r) => [r.id, r.scheduling]));
    expect(scheduling).toEqual([
      [['w0', 'INTERRUPT'], ['t0', 'INTERRUPT']],
      [['w1', 'WHEN_IDLE'], ['t1', 'WHEN_IDLE']],
      [['w2', 'SILENT'], ['t2', 'SILENT']],
    ]);
  });

  it('a context note is clientContent, with turnComplete unless silent', async () => {
    connection = await live().connect({ tools: [], messages: [] });
    const client = await server.connection(0);
    await connection.send({ type: 'context', text: 'Ask the user to approve delete_note.' });
    await connection.send({ type: 'context', text: 'The user is driving.', delivery: 'silent' });
    await client.waitFor(3);
    expect(client.received.slice(1)).toEqual([
      { clientContent: { turns: [{ role: 'user', parts: [{ text: 'Ask the user to approve delete_note.' }] }], turnComplete: true } },
      { clientContent: { turns: [{ role: 'user', parts: [{ text: 'The user is driving.' }] }], turnComplete: false } },
    ]);
  });

  it('has no live update (the agent reconnects with the new setup) and says so', () => {
    const model = live();
    expect(model.capabilities).toMatchObject({ liveUpdate: false, delivery: ['interrupt', 'when-idle', 'silent'] });
  });
});

describe('google.live turn detection', () => {
  it('maps the shared shape to automaticActivityDetection and activityHandling', async () => {
    connection = await live({ turnDetection: { type: 'server-vad', silenceMs: 700, eagerness: 'high', interruptResponse: false } }).connect({ tools: [], messages: [] });
    const client = await server.connection(0);
    expect((client.received[0] as { setup: { realtimeInputConfig: unknown } }).setup.realtimeInputConfig).toEqual({
      automaticActivityDetection: { endOfSpeechSensitivity: 'END_SENSITIVITY_HIGH', silenceDurationMs: 700 },
      activityHandling: 'NO_INTERRUPTION',
    });
    // An ended input ends the audio stream, so the server closes the turn.
    await connection.send({ type: 'audio', data: new Uint8Array(320), sampleRate: 16_000 });
    await connection.send({ type: 'audio', data: new Uint8Array(0), sampleRate: 16_000 });
    await client.waitFor(3);
    expect(client.received[2]).toEqual({ realtimeInput: { audioStreamEnd: true } });
  });

  it('manual: detection disabled, the adapter marks activityStart / activityEnd around the audio', async () => {
    connection = await live({ turnDetection: { type: 'manual' } }).connect({ tools: [], messages: [] });
    const client = await server.connection(0);
    expect((client.received[0] as { setup: { realtimeInputConfig: unknown } }).setup.realtimeInputConfig).toEqual({ automaticActivityDetection: { disabled: true } });
    await connection.send({ type: 'audio', data: new Uint8Array(320), sampleRate: 16_000 });
    await connection.send({ type: 'audio', data: new Uint8Array(320), sampleRate: 16_000 });
    await connection.send({ type: 'audio', data: new Uint8Array(0), sampleRate: 16_000 });
    await client.waitFor(5);
    expect(client.received.slice(1).map((m) => Object.keys((m as { realtimeInput: object }).realtimeInput)[0])).toEqual(['activityStart', 'audio', 'audio', 'activityEnd']);
  });

  it('refuses semantic detection with a typed error naming what works', () => {
    const error = (() => {
      try {
        live({ turnDetection: { type: 'semantic' } });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(RealtimeUnsupportedError.isInstance(error) && error.feature).toBe('turn-detection');
    expect(String((error as Error).message)).toMatch(/no semantic turn detection/);
  });
});

describe('google.live connection bounds', () => {
  it('connect() rejects after connectTimeoutMs (default 15 s) when setupComplete never comes, without a caller signal', async () => {
    server.onSetup('hold');
    const clock = new ManualClock();
    const connecting = live({ clock }).connect({ tools: [], messages: [] }).catch((e: unknown) => e);
    await (await server.connection(0)).waitFor(1);
    await clock.advance(14_999);
    let settled = false;
    void connecting.then(() => (settled = true));
    await clock.advance(0);
    expect(settled).toBe(false);
    await clock.advance(1);
    expect(String(((await connecting) as Error).message)).toMatch(/within 15000 ms/);
  });

  it('emits one go-away reconnect.marginMs before the 10-minute limit', async () => {
    const clock = new ManualClock();
    connection = await live({ clock, reconnect: { marginMs: 20_000 } }).connect({ tools: [], messages: [] });
    const reader = new EventReader(connection.events());
    await clock.advance(10 * 60_000 - 20_000);
    const [goAway] = await reader.take((e) => e.type === 'go-away');
    expect(goAway).toMatchObject({ type: 'go-away', timeLeftMs: 20_000 } satisfies Partial<BidiModelEvent>);
    expect(clock.pending).toBe(0);
  });
});
