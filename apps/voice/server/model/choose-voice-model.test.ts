import { describe, expect, it } from 'vitest';
import { chooseVoiceModel } from './choose-voice-model.js';

const base = { PATH: process.env.PATH };

describe('chooseVoiceModel', () => {
  it('uses the offline demo model when no key is set (an empty key counts as unset)', async () => {
    const choice = await chooseVoiceModel({ ...base, OPENAI_API_KEY: '' });
    expect(choice).toMatchObject({ id: 'demo', offlineDemo: true, reason: 'no key for OpenAI, Google or Bedrock is set' });
    expect(choice.label).toMatch(/^Offline demo model/);
    expect(choice.model.provider).toBe('demo');
  });

  it('picks the first realtime provider whose key is set: OpenAI, then Google, then Bedrock', async () => {
    expect(await chooseVoiceModel({ ...base, OPENAI_API_KEY: 'sk-test', GEMINI_API_KEY: 'g' })).toMatchObject({
      id: 'openai:gpt-realtime',
      offlineDemo: false,
      reason: 'OPENAI_API_KEY is set',
      model: { specificationVersion: 'v1', modelId: 'gpt-realtime' },
    });
    expect(await chooseVoiceModel({ ...base, GEMINI_API_KEY: 'g' })).toMatchObject({ id: 'google:gemini-2.5-flash-native-audio-preview-12-2025', reason: 'GEMINI_API_KEY is set' });
    expect(await chooseVoiceModel({ ...base, AWS_PROFILE: 'dev' })).toMatchObject({ id: 'bedrock:amazon.nova-sonic-v1:0', reason: 'AWS_PROFILE is set' });
  });

  it('follows VOICE_MODEL: a full id, a provider name, or demo', async () => {
    expect(await chooseVoiceModel({ ...base, VOICE_MODEL: 'openai:gpt-realtime-mini', OPENAI_API_KEY: 'sk' })).toMatchObject({ id: 'openai:gpt-realtime-mini', reason: 'from VOICE_MODEL' });
    expect(await chooseVoiceModel({ ...base, VOICE_MODEL: 'google' })).toMatchObject({ id: 'google:gemini-2.5-flash-native-audio-preview-12-2025' });
    expect(await chooseVoiceModel({ ...base, VOICE_MODEL: 'demo', OPENAI_API_KEY: 'sk' })).toMatchObject({ id: 'demo', offlineDemo: true });
  });

  it('names what is wrong with VOICE_MODEL', async () => {
    await expect(chooseVoiceModel({ ...base, VOICE_MODEL: 'anthropic:claude' })).rejects.toThrow(/unknown provider "anthropic"; use openai, google, bedrock/);
    await expect(chooseVoiceModel({ ...base, VOICE_MODEL: 'openai:' })).rejects.toThrow(/give a model id after the colon/);
  });
});
