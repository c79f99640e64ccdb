import twilio from 'twilio';

/** What the TwiML of an answered call says. */
export interface StreamTwimlOptions {
  /** The WebSocket endpoint Twilio connects the call's audio to: a `wss://` URL without a query string. */
  readonly streamUrl: string;
  /** Sent to the stream as `<Parameter>`s; they arrive in the Media Stream's `start.customParameters`. */
  readonly parameters?: { readonly [name: string]: string };
}

/**
 * The TwiML that answers a call with a bidirectional Media Stream — `<Response><Connect><Stream url>` with the
 * call's details as `<Parameter>`s (Twilio drops query strings from a stream URL, so values travel this way) —
 * built with Twilio's own helper library.
 */
export function streamTwiml(options: StreamTwimlOptions): string {
  const url = new URL(options.streamUrl);
  if (url.protocol !== 'wss:' && url.protocol !== 'ws:') throw new TypeError(`A Media Stream URL is a wss:// URL, not ${options.streamUrl}.`);
  if (url.search !== '') throw new TypeError('A Media Stream URL cannot carry a query string: pass the values as parameters.');
  const response = new twilio.twiml.VoiceResponse();
  const stream = response.connect().stream({ url: url.href });
  for (const [name, value] of Object.entries(options.parameters ?? {})) stream.parameter({ name, value });
  return response.toString();
}
