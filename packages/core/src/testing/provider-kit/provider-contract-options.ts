import type { LanguageModel } from '../../spec/language-model/v1/language-model-v1.js';
import type { ModelRequest } from '../../spec/language-model/v1/model-request.js';
import type { FinishReason, Usage } from '../../spec/language-model/v1/usage.js';
import type { TestServerResponse } from './test-server-response.js';

/**
 * The test functions the contract suite registers its tests with — pass vitest's (or any runner's) own,
 * e.g. `{ describe, it }` from `vitest`. Core itself does not depend on a test runner.
 *
 * @category Provider contract kit
 */
export interface ContractTestApi {
  readonly describe: (name: string, body: () => void) => void;
  readonly it: (name: string, body: () => Promise<void>) => void;
}

/**
 * What the suite passes to {@link ProviderContractOptions.createModel} for each test.
 *
 * @category Provider contract kit
 */
export interface ContractModelSettings {
  /** The loopback server's URL plus {@link ProviderContractOptions.basePath}, e.g. `http://127.0.0.1:4312/v1`. */
  readonly baseURL: string;
  /** The `fetch` the provider must use (sometimes a wrapper that re-chunks response bodies). */
  readonly fetch: typeof fetch;
  /** The API key to use; `undefined` for providers that need none. */
  readonly apiKey: string | undefined;
  /** The provider's retry sleep: it records delays and never waits. */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Always 2, the documented default. */
  readonly maxRetries: number;
}

/**
 * What a contract case must produce.
 *
 * @category Provider contract kit
 */
export interface ContractExpectation {
  /** The concatenated text deltas. */
  readonly text?: string;
  /** The concatenated reasoning deltas. */
  readonly reasoning?: string;
  /** The function-tool calls, in order (ids are checked for uniqueness, not value). */
  readonly toolCalls?: readonly { readonly toolName: string; readonly input: unknown }[];
  readonly finishReason: FinishReason;
  /** Usage fields to match exactly (others are ignored). */
  readonly usage?: Partial<Usage>;
}

/**
 * One recorded vendor response and what the provider must make of it.
 *
 * @category Provider contract kit
 */
export interface ContractCase {
  /** Usually `{ type: 'sse', events: loadSseFixture(dir, '<case>') }`. */
  readonly response: TestServerResponse;
  readonly expected: ContractExpectation;
  /** Overrides of the default request (a "Hello" user message and the {@link contractTools}). */
  readonly request?: Partial<ModelRequest>;
}

/**
 * Options of {@link runProviderContract}.
 *
 * @category Provider contract kit
 */
export interface ProviderContractOptions {
  /** Suite title, e.g. `openai.responses`. */
  readonly name: string;
  /** Builds the model under test from the suite's settings. */
  readonly createModel: (settings: ContractModelSettings) => LanguageModel;
  /** Path prefix of the base URL, including the version segment (default `/v1`). */
  readonly basePath?: string;
  /** The request every streaming call must make (method defaults to `POST`). */
  readonly expectedRequest: { readonly method?: string; readonly path: string | RegExp };
  /** The key the suite passes; `null` for providers that need none. Default `sk-contract-SECRET-…`. */
  readonly apiKey?: string | null;
  /** A JSON error body in the vendor's format carrying `message`. */
  readonly errorBody: (status: number, message: string) => unknown;
  /** The provider's first backoff delay when no `retry-after` header is sent (default 2000 ms; doubled per retry). */
  readonly initialRetryDelayMs?: number;
  /** Byte sizes the split-deltas case is re-chunked at (default `[1, 2, 3, 7]`). */
  readonly splitChunkSizes?: readonly number[];
  readonly cases: {
    /** Plain text, `stop`. */
    readonly text: ContractCase;
    /** One function-tool call. */
    readonly toolCall: ContractCase;
    /** Two or more function-tool calls in one response. */
    readonly parallelToolCalls: ContractCase;
    /** A tool call whose arguments are empty (`''` or `{}`); expected input `{}`. */
    readonly toolCallWithoutArguments: ContractCase;
    /** A tool call with non-ASCII arguments delivered in several deltas, split mid-JSON-token. */
    readonly splitArgumentDeltas: ContractCase;
    /** A response whose usage reports cached input tokens. */
    readonly usage: ContractCase;
    /** Reasoning deltas, for vendors that stream reasoning. */
    readonly reasoning?: ContractCase;
    /**
     * One case per finish reason the vendor can report; `stop`, `length` and `tool-calls` are required.
     *
     * @enumMember stop A response that ends normally.
     * @enumMember length A response cut off at the output-token limit.
     * @enumMember tool-calls A response that ends to call tools.
     * @enumMember content-filter A response stopped by the vendor's content filter.
     * @enumMember error A response that ends with an error.
     * @enumMember other A response that ends for a reason Tandem has no name for.
     */
    readonly finishReasons: { readonly [R in 'stop' | 'length' | 'tool-calls']: ContractCase } & {
      readonly [R in FinishReason]?: ContractCase;
    };
  };
}
