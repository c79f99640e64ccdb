/** A reachable Ollama server and the models it has. */
export interface OllamaProbe {
  /** e.g. `http://127.0.0.1:11434` */
  readonly host: string;
  /** Installed model names, e.g. `llama3.2:latest`. */
  readonly models: readonly string[];
}

/**
 * The Ollama base address: `OLLAMA_HOST` (with `http://` added when it has no scheme, and a bind-all
 * address turned into loopback), default `http://127.0.0.1:11434`.
 *
 * @example
 * ```ts
 * ollamaHost({ OLLAMA_HOST: '0.0.0.0:11500' }); // 'http://127.0.0.1:11500'
 * ```
 */
export function ollamaHost(env: NodeJS.ProcessEnv = process.env): string {
  const raw = (env['OLLAMA_HOST'] ?? '').trim();
  if (raw === '') return 'http://127.0.0.1:11434';
  const url = new URL(/^https?:\/\//.test(raw) ? raw : `http://${raw}`);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = '127.0.0.1';
  if (url.port === '' && !/^https?:\/\//.test(raw)) url.port = '11434';
  return url.origin;
}

/**
 * Asks Ollama for its models (`GET /api/tags`) with a short timeout; undefined when nothing answers.
 *
 * @example
 * ```ts
 * const ollama = await probeOllama(ollamaHost(), { timeoutMs: 400 });
 * ```
 */
export async function probeOllama(host: string, options: { readonly timeoutMs?: number; readonly signal?: AbortSignal } = {}): Promise<OllamaProbe | undefined> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 400);
  const signal = options.signal === undefined ? timeout : AbortSignal.any([timeout, options.signal]);
  try {
    const response = await fetch(`${host}/api/tags`, { signal });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { models?: Array<{ name?: unknown }> };
    const models = (body.models ?? []).map((model) => model.name).filter((name): name is string => typeof name === 'string');
    return { host, models };
  } catch {
    return undefined;
  }
}
