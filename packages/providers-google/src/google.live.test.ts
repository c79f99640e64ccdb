import { describe, expect, it } from 'vitest';
import { collectModelStream, contractTools } from '@tandem/core/testing';
import { createGoogleGenerativeAI } from './google-provider.js';

// Runs only with a real key: GOOGLE_GENERATIVE_AI_API_KEY=… (or GEMINI_API_KEY=…) pnpm --filter @tandem/providers-google test
const hasKey = Boolean(process.env['GOOGLE_GENERATIVE_AI_API_KEY'] || process.env['GEMINI_API_KEY']);
const model = createGoogleGenerativeAI()(process.env['GOOGLE_LIVE_MODEL'] ?? 'gemini-2.5-flash');

describe.skipIf(!hasKey)('Gemini live', () => {
  it('streams text', { timeout: 60_000 }, async () => {
    const result = await collectModelStream(
      model.stream({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'Reply with the single word: pong' }] }], tools: [] }),
    );
    expect(result.text.toLowerCase()).toContain('pong');
    expect(result.finishReason).toBe('stop');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('calls a tool', { timeout: 60_000 }, async () => {
    const result = await collectModelStream(
      model.stream({
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'What is the weather in Oslo? Use the tool.' }] }],
        tools: contractTools,
        toolChoice: 'required',
      }),
    );
    expect(result.toolCalls[0]).toMatchObject({ toolName: 'weather', input: { city: expect.stringMatching(/oslo/i) } });
    expect(result.finishReason).toBe('tool-calls');
  });
});

// Gemini Live (bidi) against the real service: GOOGLE_LIVE_BIDI_MODEL picks the model.
const liveModel = createGoogleGenerativeAI().live(process.env['GOOGLE_LIVE_BIDI_MODEL'] ?? 'gemini-2.5-flash-native-audio-preview-12-2025');

describe.skipIf(!hasKey)('Gemini Live (bidi) against the vendor', () => {
  it('answers a text turn with 24 kHz audio and a transcript', { timeout: 60_000 }, async () => {
    const connection = await liveModel.connect({ system: 'Answer in one word.', tools: [], messages: [] });
    try {
      await connection.send({ type: 'text', text: 'Reply with the single word: pong' });
      let transcript = '';
      let audioBytes = 0;
      for await (const event of connection.events()) {
        if (event.type === 'audio') audioBytes += event.data.byteLength;
        if (event.type === 'transcript' && event.role === 'assistant') transcript += event.delta;
        if (event.type === 'response-end') break;
      }
      expect(audioBytes).toBeGreaterThan(0);
      expect(transcript.toLowerCase()).toContain('pong');
    } finally {
      await connection.close();
    }
  });

  it('calls a tool and takes its result in one toolResponse', { timeout: 60_000 }, async () => {
    const connection = await liveModel.connect({ tools: contractTools, messages: [] });
    try {
      await connection.send({ type: 'text', text: 'What is the weather in Oslo? Use the tool.' });
      let answered = false;
      for await (const event of connection.events()) {
        if (event.type === 'tool-group') {
          expect(event.calls[0]).toMatchObject({ toolName: 'weather' });
          await connection.sendToolResults(
            event.calls.map((call) => ({ toolCallId: call.toolCallId, toolName: call.toolName, status: 'success', isError: false, result: 'sunny, 18 °C', modelInput: { type: 'text', value: 'sunny, 18 °C' } })),
          );
          answered = true;
        }
        if (event.type === 'response-end' && answered && event.stopReason !== 'tool-use') break;
      }
      expect(answered).toBe(true);
    } finally {
      await connection.close();
    }
  });
});
