import { InvalidResponseDataError } from '@tandem/core/spec';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseJsonEvent, validateJson } from './parse-json-event.js';

const deltaSchema = z.object({ type: z.literal('delta'), text: z.string() });

describe('parseJsonEvent', () => {
  it('returns the typed, validated value', () => {
    expect(parseJsonEvent('{"type":"delta","text":"Hi","extra":1}', deltaSchema, { provider: 'Acme' })).toEqual({ type: 'delta', text: 'Hi' });
  });

  it('throws InvalidResponseDataError for text that is not JSON', () => {
    let caught: unknown;
    try {
      parseJsonEvent('<html>oops', deltaSchema, { provider: 'Acme' });
    } catch (error) {
      caught = error;
    }
    expect(InvalidResponseDataError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toContain('Acme sent data that is not JSON: <html>oops');
    expect((caught as InvalidResponseDataError).data).toBe('<html>oops');
  });

  it('throws InvalidResponseDataError naming the mismatch', () => {
    let caught: unknown;
    try {
      validateJson({ type: 'delta', text: 5 }, deltaSchema, { provider: 'Acme' });
    } catch (error) {
      caught = error;
    }
    expect(InvalidResponseDataError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toMatch(/does not match its documented format.*text/);
    expect((caught as InvalidResponseDataError).data).toEqual({ type: 'delta', text: 5 });
  });
});
