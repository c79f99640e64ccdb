/**
 * The JSON messages of Twilio Media Streams (bidirectional `<Connect><Stream>`), as Twilio documents them.
 * Twilio → server: `connected`, `start`, `media`, `mark`, `dtmf`, `stop`; server → Twilio: `media`, `mark`,
 * `clear`.
 */

/**
 * The `start` message's metadata: which call and stream this is, the custom `<Parameter>`s of the TwiML, and the
 * audio format (μ-law, 8 kHz, mono).
 *
 * @example
 * ```ts
 * const onStart = (start: TwilioStreamStart) => console.log(start.callSid, start.customParameters['caller']);
 * ```
 *
 * @category Inputs and outputs
 */
export interface TwilioStreamStart {
  readonly streamSid: string;
  readonly accountSid: string;
  readonly callSid: string;
  readonly tracks: readonly string[];
  /** The `<Parameter name value>` elements of the TwiML `<Stream>`. */
  readonly customParameters: { readonly [name: string]: string };
  readonly mediaFormat: { readonly encoding: string; readonly sampleRate: number; readonly channels: number };
}

/** A parsed Twilio → server message. @internal */
export type TwilioInbound =
  | { readonly event: 'connected' }
  | { readonly event: 'start'; readonly start: TwilioStreamStart }
  | { readonly event: 'media'; readonly track: string; readonly payload: string }
  | { readonly event: 'mark'; readonly name: string }
  | { readonly event: 'dtmf'; readonly digit: string }
  | { readonly event: 'stop' };

type Json = { readonly [key: string]: unknown };

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function parseStart(value: unknown): TwilioStreamStart | string {
  if (!isObject(value)) return 'a start message needs a "start" object';
  const streamSid = text(value['streamSid']);
  if (streamSid === undefined) return 'a start message needs start.streamSid';
  const format = isObject(value['mediaFormat']) ? value['mediaFormat'] : {};
  const parameters: { [name: string]: string } = {};
  if (isObject(value['customParameters'])) {
    for (const [name, item] of Object.entries(value['customParameters'])) parameters[name] = String(item);
  }
  return {
    streamSid,
    accountSid: text(value['accountSid']) ?? '',
    callSid: text(value['callSid']) ?? '',
    tracks: Array.isArray(value['tracks']) ? value['tracks'].filter((t): t is string => typeof t === 'string') : [],
    customParameters: parameters,
    mediaFormat: {
      encoding: text(format['encoding']) ?? 'audio/x-mulaw',
      sampleRate: typeof format['sampleRate'] === 'number' ? format['sampleRate'] : 8000,
      channels: typeof format['channels'] === 'number' ? format['channels'] : 1,
    },
  };
}

/** Parses one Twilio text frame; a string return is the reason it was refused. @internal */
export function parseTwilioMessage(frame: string): TwilioInbound | string {
  let value: unknown;
  try {
    value = JSON.parse(frame);
  } catch {
    return 'not JSON';
  }
  if (!isObject(value)) return 'not a JSON object';
  switch (value['event']) {
    case 'connected':
      return { event: 'connected' };
    case 'start': {
      const start = parseStart(value['start']);
      return typeof start === 'string' ? start : { event: 'start', start };
    }
    case 'media': {
      const media = isObject(value['media']) ? value['media'] : undefined;
      const payload = text(media?.['payload']);
      if (payload === undefined) return 'a media message needs media.payload';
      return { event: 'media', track: text(media?.['track']) ?? 'inbound', payload };
    }
    case 'mark': {
      const name = isObject(value['mark']) ? text(value['mark']['name']) : undefined;
      return name === undefined ? 'a mark message needs mark.name' : { event: 'mark', name };
    }
    case 'dtmf': {
      const digit = isObject(value['dtmf']) ? text(value['dtmf']['digit']) : undefined;
      return digit === undefined ? 'a dtmf message needs dtmf.digit' : { event: 'dtmf', digit };
    }
    case 'stop':
      return { event: 'stop' };
    default:
      return `unknown event ${JSON.stringify(value['event'])}`;
  }
}

/** Server → Twilio messages. @internal */
export const twilioOutbound = {
  media: (streamSid: string, payload: string): string => JSON.stringify({ event: 'media', streamSid, media: { payload } }),
  mark: (streamSid: string, name: string): string => JSON.stringify({ event: 'mark', streamSid, mark: { name } }),
  clear: (streamSid: string): string => JSON.stringify({ event: 'clear', streamSid }),
};
