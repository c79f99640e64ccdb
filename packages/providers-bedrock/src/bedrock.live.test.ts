import { describe, expect, it } from 'vitest';
import { collectModelStream, contractTools } from '@tandem/core/testing';
import { createBedrock } from './bedrock-provider.js';

// Runs only with AWS credentials in the environment (AWS_ACCESS_KEY_ID + AWS_SECRET_ACCESS_KEY, or
// AWS_PROFILE) and a region (AWS_REGION). BEDROCK_LIVE_MODEL picks the model or inference profile.
const hasCredentials = Boolean(process.env['AWS_ACCESS_KEY_ID'] || process.env['AWS_PROFILE']);
const model = createBedrock()(process.env['BEDROCK_LIVE_MODEL'] ?? 'us.amazon.nova-lite-v1:0');

describe.skipIf(!hasCredentials)('Bedrock live', () => {
  it('streams text', { timeout: 60_000 }, async () => {
    const result = await collectModelStream(
      model.stream({ messages: [{ role: 'user', parts: [{ type: 'text', text: 'Reply with the single word: pong' }] }], tools: [], maxOutputTokens: 20 }),
    );
    expect(result.text.toLowerCase()).toContain('pong');
    expect(result.usage.inputTokens).toBeGreaterThan(0);
  });

  it('calls a tool', { timeout: 60_000 }, async () => {
    const result = await collectModelStream(
      model.stream({
        messages: [{ role: 'user', parts: [{ type: 'text', text: 'What is the weather in Oslo? Use the tool.' }] }],
        tools: contractTools,
        toolChoice: 'required',
        maxOutputTokens: 300,
      }),
    );
    expect(result.toolCalls[0]).toMatchObject({ toolName: 'weather', input: { city: expect.stringMatching(/oslo/i) } });
  });
});
