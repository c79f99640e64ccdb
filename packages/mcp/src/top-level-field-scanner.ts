const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
/** Keys and `id` values longer than this are not recorded (a real JSON-RPC id is short). */
const MAX_CAPTURE = 256;

/**
 * Finds the top-level `id` and `method` of a JSON-RPC message fed as bytes, in constant memory and
 * wherever the fields are (the SDK writes `id` last, after a possibly huge `result`). Only the JSON
 * structure is tracked — strings, escapes, nesting — never the values below the top level, so a
 * message of any size costs one pass and no allocation beyond a few short strings. Structural
 * characters are ASCII, so UTF-8 continuation bytes can never be mistaken for them.
 * @internal
 */
export class TopLevelFieldScanner {
  /** The message's top-level `id` (string or number), once seen. */
  id: string | number | undefined;
  /** True once a top-level `method` key was seen. */
  hasMethod = false;

  private depth = 0;
  private inString = false;
  private escaped = false;
  /** What the next top-level token is, inside the outermost object. */
  private expect: 'key' | 'value' | 'other' = 'other';
  private key: string | undefined;
  private capture: 'key' | 'string-id' | 'primitive-id' | undefined;
  private captured = '';

  feed(bytes: Uint8Array): void {
    for (const byte of bytes) this.step(byte);
  }

  private step(byte: number): void {
    if (this.inString) {
      if (this.escaped) {
        this.escaped = false;
        this.append(byte);
      } else if (byte === BACKSLASH) {
        this.escaped = true;
        this.append(byte);
      } else if (byte === QUOTE) {
        this.inString = false;
        this.endString();
      } else {
        this.append(byte);
      }
      return;
    }
    switch (byte) {
      case QUOTE:
        this.inString = true;
        if (this.depth === 1 && this.expect === 'key') this.begin('key');
        else if (this.depth === 1 && this.expect === 'value' && this.key === 'id') this.begin('string-id');
        return;
      case COLON:
        if (this.depth === 1) this.expect = 'value';
        return;
      case COMMA:
        if (this.depth === 1) {
          this.endPrimitive();
          this.expect = 'key';
        }
        return;
      case OPEN_BRACE:
      case OPEN_BRACKET:
        this.depth += 1;
        if (this.depth === 1 && byte === OPEN_BRACE) this.expect = 'key';
        return;
      case CLOSE_BRACE:
      case CLOSE_BRACKET:
        if (this.depth === 1) this.endPrimitive();
        this.depth -= 1;
        return;
      case 0x20:
      case 0x09:
      case 0x0d:
        return;
      default:
        if (this.depth === 1 && this.expect === 'value' && this.key === 'id') {
          if (this.capture === undefined) this.begin('primitive-id');
          this.append(byte);
        }
    }
  }

  private begin(capture: 'key' | 'string-id' | 'primitive-id'): void {
    this.capture = capture;
    this.captured = '';
  }

  private append(byte: number): void {
    if (this.capture !== undefined && this.captured.length < MAX_CAPTURE) this.captured += String.fromCharCode(byte);
  }

  private endString(): void {
    if (this.capture === 'key') {
      this.key = this.captured;
      if (this.key === 'method') this.hasMethod = true;
      this.expect = 'other';
    } else if (this.capture === 'string-id') {
      this.id = decodeJsonString(this.captured);
      this.key = undefined;
    }
    this.capture = undefined;
  }

  private endPrimitive(): void {
    if (this.capture !== 'primitive-id') return;
    const value = Number(this.captured);
    if (this.captured !== '' && Number.isFinite(value)) this.id = value;
    this.capture = undefined;
    this.key = undefined;
  }
}

/** The value of a captured JSON string body (escapes resolved); the raw text when it does not parse. */
function decodeJsonString(body: string): string {
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    return body;
  }
}
