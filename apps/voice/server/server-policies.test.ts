import { describe, expect, it } from 'vitest';
import { MessageRateLimit } from './message-rate-limit.js';
import { allowedOrigins, originAllowed } from './origin-policy.js';
import { serverSettingsFromEnv } from './voice-server-options.js';

describe('allowedOrigins', () => {
  it('allows the loopback forms of the served origin when bound to loopback', () => {
    const allowed = allowedOrigins('127.0.0.1', 8787);
    expect([...allowed].sort()).toEqual(['http://127.0.0.1:8787', 'http://[::1]:8787', 'http://localhost:8787']);
    expect(originAllowed('http://LOCALHOST:8787', allowed)).toBe(true);
    expect(originAllowed('http://localhost:8788', allowed)).toBe(false);
    expect(originAllowed('https://evil.example', allowed)).toBe(false);
    expect(originAllowed(undefined, allowed)).toBe(false);
  });

  it('allows a named host as served, plus configured origins', () => {
    const allowed = allowedOrigins('voice.lan', 80, ['https://voice.example.com']);
    expect([...allowed].sort()).toEqual(['http://voice.lan:80', 'https://voice.example.com']);
  });
});

describe('MessageRateLimit', () => {
  it('lets bursts of twice the rate through, then the rate itself', () => {
    const clock = { now: 0 };
    const limit = new MessageRateLimit(10, () => clock.now);
    const burst = Array.from({ length: 21 }, () => limit.take());
    expect(burst.filter(Boolean)).toHaveLength(20);
    clock.now += 100; // one more message's worth
    expect(limit.take()).toBe(true);
    expect(limit.take()).toBe(false);
    expect(() => new MessageRateLimit(0)).toThrow(RangeError);
  });
});

describe('serverSettingsFromEnv', () => {
  it('reads HOST, PORT, the limits, allowed origins and the system prompt', () => {
    expect(
      serverSettingsFromEnv({
        HOST: '0.0.0.0',
        PORT: '9000',
        VOICE_MAX_SESSIONS: '2',
        VOICE_MAX_FRAME_BYTES: '4096',
        VOICE_MAX_MESSAGES_PER_SECOND: '50',
        VOICE_ALLOWED_ORIGINS: 'https://a.example, https://b.example:8443',
        VOICE_SYSTEM: 'Be brief.',
      }),
    ).toEqual({
      host: '0.0.0.0',
      port: 9000,
      allowedOrigins: ['https://a.example', 'https://b.example:8443'],
      system: 'Be brief.',
      limits: { maxSessions: 2, maxFrameBytes: 4096, maxMessagesPerSecond: 50 },
    });
    expect(serverSettingsFromEnv({})).toEqual({ limits: {} });
  });

  it('names the variable and what it must be', () => {
    expect(() => serverSettingsFromEnv({ PORT: 'eighty' })).toThrow('PORT=eighty: use a whole number of at least 0.');
    expect(() => serverSettingsFromEnv({ PORT: '70000' })).toThrow('PORT=70000: use a port from 0 to 65535.');
    expect(() => serverSettingsFromEnv({ VOICE_MAX_SESSIONS: '0' })).toThrow('VOICE_MAX_SESSIONS=0: use a whole number of at least 1.');
    expect(() => serverSettingsFromEnv({ VOICE_ALLOWED_ORIGINS: 'https://a.example/path' })).toThrow(/not an origin/);
  });
});
