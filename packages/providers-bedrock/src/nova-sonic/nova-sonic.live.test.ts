import type { BidiModelEvent } from '@tandem/core/spec';
import { describe, expect, it } from 'vitest';
import { createBedrock } from '../bedrock-provider.js';

// Runs only with AWS credentials in the environment (AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY, or
// AWS_PROFILE) and a region (AWS_REGION). NOVA_SONIC_LIVE_MODEL picks the model (default Nova 2 Sonic,
// which takes typed text while the microphone stream stays open).
const hasCredentials = Boolean(process.env['AWS_ACCESS_KEY_ID'] || process.env['AWS_PROFILE']);

describe.skipIf(!hasCredentials)('Nova Sonic live', () => {
  it('answers a typed question with speech and a FINAL transcript', { timeout: 60_000 }, async () => {
    const model = createBedrock().novaSonic(process.env['NOVA_SONIC_LIVE_MODEL'] ?? 'amazon.nova-2-sonic-v1:0');
    const connection = await model.connect({ system: 'Answer in one short sentence.', tools: [], messages: [] });
    const silence = new Uint8Array(1024); // 32 ms of 16 kHz PCM16: the audio stream must keep flowing
    const feeding = setInterval(() => void connection.send({ type: 'audio', data: silence, sampleRate: 16_000 }).catch(() => undefined), 32);
    try {
      await connection.send({ type: 'text', text: 'What is the capital of France?' });
      const events: BidiModelEvent[] = [];
      for await (const event of connection.events()) {
        events.push(event);
        if (event.type === 'response-end' || (event.type === 'error' && event.fatal)) break;
      }
      expect(events.some((e) => e.type === 'audio')).toBe(true);
      const said = events.flatMap((e) => (e.type === 'transcript' && e.role === 'assistant' ? [e.delta] : [])).join('');
      expect(said.toLowerCase()).toContain('paris');
    } finally {
      clearInterval(feeding);
      await connection.close();
    }
  });
});
