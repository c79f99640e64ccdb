import { isToolContent, toolContent, type JsonValue, type ToolContentBlock } from '@tandem/core';

const TAG = '$tandem';

/**
 * Turns a value into plain JSON for the Restate journal: bytes become `{ "$tandem": "bytes", "base64": … }`
 * (the format of `messageToJson` in `@tandem/core`), URLs, errors and `toolContent()` values are tagged
 * too, `undefined` object fields are dropped and everything else is copied as `JSON.stringify` would.
 * {@link fromJournal} rebuilds the value. @internal
 */
export function toJournal(value: unknown): JsonValue {
  return encode(value, new Set());
}

function encode(value: unknown, seen: Set<object>): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value === undefined) return null;
  if (value instanceof Uint8Array) return { [TAG]: 'bytes', base64: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
  if (value instanceof URL) return { [TAG]: 'url', href: value.href };
  if (typeof value === 'bigint') throw new TypeError('A BigInt cannot be journaled as JSON; convert it to a string or number first.');
  if (typeof value !== 'object') return null;
  // A cycle has no JSON form: the repeated reference becomes null (JSON.stringify would throw).
  if (seen.has(value)) return null;
  seen.add(value);
  try {
    if (isToolContent(value)) return { [TAG]: 'tool-content', blocks: encode(value.blocks, seen) };
    if (value instanceof Error) return { [TAG]: 'error', ...errorFields(value, seen) };
    if (Array.isArray(value)) return value.map((item) => (typeof item === 'function' ? null : encode(item, seen)));
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return encode((toJSON as () => unknown).call(value), seen);
    const out: { [key: string]: JsonValue } = {};
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      out[key] = encode(item, seen);
    }
    return out;
  } finally {
    seen.delete(value);
  }
}

/** Rebuilds a value written by {@link toJournal}. @internal */
export function fromJournal(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(fromJournal);
  if (typeof json !== 'object' || json === null) return json;
  const tagged = json as { [TAG]?: unknown; base64?: unknown; href?: unknown; blocks?: unknown };
  switch (tagged[TAG]) {
    case 'bytes':
      if (typeof tagged.base64 === 'string') return new Uint8Array(Buffer.from(tagged.base64, 'base64'));
      break;
    case 'url':
      if (typeof tagged.href === 'string') return new URL(tagged.href);
      break;
    case 'tool-content':
      return toolContent(fromJournal(tagged.blocks) as ToolContentBlock[]);
    case 'error':
      return rebuildError(json as JournaledError);
  }
  const out: { [key: string]: unknown } = {};
  for (const [key, item] of Object.entries(json)) out[key] = fromJournal(item);
  return out;
}

/** A thrown value as journaled: an error's name, message and own fields, or any other value. @internal */
export type JournaledThrown = { readonly error: JournaledError } | { readonly value: JsonValue };

interface JournaledError {
  readonly name: string;
  readonly message: string;
  readonly fields?: JsonValue;
}

/** Journals what a tool threw (any value). @internal */
export function thrownToJournal(thrown: unknown): JournaledThrown {
  if (thrown instanceof Error) return { error: errorFields(thrown, new Set([thrown])) };
  return { value: toJournal(thrown) };
}

/** Rebuilds a thrown value: an `Error` with the original name, message and fields, or the value itself. @internal */
export function thrownFromJournal(journaled: JournaledThrown): unknown {
  return 'error' in journaled ? rebuildError(journaled.error) : fromJournal(journaled.value);
}

function errorFields(error: Error, seen: Set<object>): JournaledError {
  const fields: { [key: string]: unknown } = {};
  for (const [key, item] of Object.entries(error)) if (key !== 'name' && key !== 'message' && key !== 'stack') fields[key] = item;
  return { name: error.name, message: error.message, ...(Object.keys(fields).length === 0 ? {} : { fields: encode(fields, seen) }) };
}

function rebuildError(journaled: JournaledError): Error {
  const error = new Error(journaled.message);
  error.name = journaled.name;
  const fields = fromJournal(journaled.fields);
  if (typeof fields === 'object' && fields !== null) Object.assign(error, fields);
  return error;
}
