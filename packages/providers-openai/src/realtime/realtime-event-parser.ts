import type { RealtimeServerEvent } from './realtime-server-event.js';

type Parse = (text: string) => RealtimeServerEvent | undefined;

let parse: Parse | undefined;
let loading: Promise<Parse> | undefined;

/**
 * Loads the Realtime event parser, whose zod schemas are built when it loads: `openai.realtime(id).connect()`
 * loads it before it opens the socket, so importing the provider does not load zod.
 * @internal
 */
export function loadRealtimeEventParser(): Promise<Parse> {
  loading ??= import('./parse-realtime-event.js').then((module) => (parse = module.parseRealtimeEvent));
  return loading;
}

/** The parser, once loaded. @internal */
export function loadedRealtimeEventParser(): Parse | undefined {
  return parse;
}
