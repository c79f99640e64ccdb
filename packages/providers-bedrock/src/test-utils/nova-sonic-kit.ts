// Shared helpers of the Nova Sonic tests: a model pointed at the loopback server with static fake
// credentials, event collection, and a deep text dump of errors (to prove no credential is in them).
import type { BidiModelEvent } from '@tandem/core/spec';
import { createBedrock } from '../bedrock-provider.js';
import type { NovaSonicOptions } from '../nova-sonic/nova-sonic-options.js';

export const ACCESS_KEY = 'AKIDNOVASONICTEST';
export const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYNOVASECRET';
export const SESSION_TOKEN = 'FwoGZXIvYXdzEBYaDNOVASESSIONTOKENSECRET';

/** `bedrock.novaSonic('amazon.nova-sonic-v1:0')` on the loopback server, signing with fake credentials. */
export function novaSonicModel(url: string, options: NovaSonicOptions = {}, modelId = 'amazon.nova-sonic-v1:0') {
  return createBedrock({
    region: 'us-east-1',
    endpoint: url,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET, sessionToken: SESSION_TOKEN },
  }).novaSonic(modelId, options);
}

/** Reads events until `until` matches (inclusive) or the stream ends. */
export async function take(events: AsyncIterator<BidiModelEvent>, until: (event: BidiModelEvent) => boolean): Promise<BidiModelEvent[]> {
  const out: BidiModelEvent[] = [];
  for (;;) {
    const next = await events.next();
    if (next.done) return out;
    out.push(next.value);
    if (until(next.value)) return out;
  }
}

/** Every string reachable from `value` (messages, stacks, causes, own properties). */
export function deepText(value: unknown, seen = new Set<unknown>()): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null || seen.has(value)) return '';
  seen.add(value);
  let text = value instanceof Error ? `${value.message}\n${value.stack ?? ''}\n${deepText(value.cause, seen)}` : '';
  for (const key of Reflect.ownKeys(value)) text += `\n${deepText((value as Record<PropertyKey, unknown>)[key], seen)}`;
  return text;
}
