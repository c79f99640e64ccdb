const silent = (): void => undefined;

/**
 * The logger of the Nova Sonic HTTP/2 client: silent, like the SDK's default. It is set explicitly because
 * with the default logger the SDK prints "An error was encountered in a non-retryable streaming request."
 * to the console for every failed stream — Tandem reports those failures itself (an event, or an
 * `APICallError` thrown from `events()`).
 * @internal
 */
export const novaSonicSdkLogger = { trace: silent, debug: silent, info: silent, warn: silent, error: silent };
