interface Frame {
  /** The object or array being written (for cycle detection). */
  readonly source: object;
  readonly isArray: boolean;
  /** Array indexes, or the object's own enumerable keys. */
  readonly keys: readonly string[];
  index: number;
  /** Whether a member was written yet (for commas). */
  written: boolean;
}

/**
 * `JSON.stringify(value)` without recursion, so nesting depth is bounded by memory rather than the call
 * stack, in one linear pass. Same output as `JSON.stringify` for JSON data (plain objects, arrays,
 * strings, numbers, booleans, null; `toJSON()` is honoured; `undefined`, functions and symbols are
 * dropped from objects and become `null` in arrays). Cycles and BigInts throw a `TypeError`, as
 * `JSON.stringify` does.
 * @internal
 */
export function stringifyDeep(root: unknown): string {
  const out: string[] = [];
  const open = new Set<object>();
  const stack: Frame[] = [];

  /** Writes `value` (a leaf, or the opening of a container, which is pushed). False when it is skipped. */
  const write = (value: unknown, inArray: boolean): boolean => {
    if (value === null) return out.push('null') > 0;
    switch (typeof value) {
      case 'string':
      case 'boolean':
        out.push(JSON.stringify(value));
        return true;
      case 'number':
        out.push(Number.isFinite(value) ? String(value) : 'null');
        return true;
      case 'bigint':
        throw new TypeError('Do not know how to serialize a BigInt');
      case 'object': {
        if (open.has(value)) throw new TypeError('Converting circular structure to JSON');
        open.add(value);
        const isArray = Array.isArray(value);
        const keys = isArray ? Array.from({ length: (value as unknown[]).length }, (_, i) => String(i)) : Object.keys(value);
        out.push(isArray ? '[' : '{');
        stack.push({ source: value, isArray, keys, index: 0, written: false });
        return true;
      }
      default:
        if (inArray) out.push('null');
        return inArray;
    }
  };

  if (!write(toJsonValue(root, ''), false)) return undefined as unknown as string;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.index >= frame.keys.length) {
      stack.pop();
      open.delete(frame.source);
      out.push(frame.isArray ? ']' : '}');
      continue;
    }
    const key = frame.keys[frame.index++]!;
    const value = toJsonValue((frame.source as { [key: string]: unknown })[key], key);
    if (!frame.isArray && (value === undefined || typeof value === 'function' || typeof value === 'symbol')) continue;
    if (frame.written) out.push(',');
    frame.written = true;
    if (!frame.isArray) out.push(`${JSON.stringify(key)}:`);
    write(value, frame.isArray);
  }
  return out.join('');
}

function toJsonValue(value: unknown, key: string): unknown {
  if (typeof value === 'object' && value !== null && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return (value as { toJSON(key: string): unknown }).toJSON(key);
  }
  return value;
}

/**
 * `JSON.stringify(value)` for data from the wire or from a model, which may be nested deeper than the
 * call stack allows: the engine's serializer first, then (on its `RangeError`) one without recursion.
 *
 * @example
 * ```ts
 * const toolArgs = stringifyJson(part.functionCall.args ?? {}); // never a RangeError, however deep
 * ```
 *
 * @category Utilities
 */
export function stringifyJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return stringifyDeep(value);
  }
}
