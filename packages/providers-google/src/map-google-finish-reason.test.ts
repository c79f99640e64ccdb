import { describe, expect, it } from 'vitest';
import { mapGoogleFinishReason } from './map-google-finish-reason.js';

describe('mapGoogleFinishReason', () => {
  it.each([
    ['STOP', false, 'stop'],
    ['STOP', true, 'tool-calls'],
    ['MAX_TOKENS', false, 'length'],
    ['SAFETY', false, 'content-filter'],
    ['RECITATION', false, 'content-filter'],
    ['PROHIBITED_CONTENT', false, 'content-filter'],
    ['BLOCKLIST', false, 'content-filter'],
    ['SPII', false, 'content-filter'],
    ['MALFORMED_FUNCTION_CALL', true, 'error'],
    ['LANGUAGE', false, 'other'],
    ['OTHER', false, 'other'],
    ['SOMETHING_NEW', false, 'other'],
  ] as const)('%s (tool calls: %s) → %s', (reason, hasToolCalls, expected) => {
    expect(mapGoogleFinishReason(reason, hasToolCalls)).toBe(expected);
  });
});
