// The schema of `tandem.config.json` and the messages of its errors, in one place.
import { z } from 'zod';

const PROVIDER_NAME = /^[a-z0-9][a-z0-9._-]*$/i;
const MODEL = /^[a-z0-9][a-z0-9._-]*(:.+)?$/i;

const stringMap = z.record(z.string(), z.string(), { error: 'expected an object of strings' });
const timeoutMs = z.number({ error: 'expected a number of milliseconds' }).int('expected a whole number of milliseconds').positive('expected a positive number of milliseconds');
const toolPrefix = z.string({ error: 'expected a string prepended to the server’s tool names' });

/** An MCP server the CLI starts: `{ command, args?, env?, cwd?, timeoutMs?, toolPrefix? }` (`type: "stdio"` allowed). */
export const StdioServerConfig = z.strictObject({
  type: z.literal('stdio', { error: 'expected "stdio" for a server with a command (use "url" for http/sse)' }).optional(),
  command: z.string({ error: 'expected the command that starts the server, as a string' }).min(1, 'expected a non-empty command'),
  args: z.array(z.string({ error: 'expected a string' }), { error: 'expected an array of strings' }).optional(),
  env: stringMap.optional(),
  cwd: z.string({ error: 'expected a directory path' }).optional(),
  timeoutMs: timeoutMs.optional(),
  toolPrefix: toolPrefix.optional(),
});
/** @see StdioServerConfig */
export type StdioServerConfig = z.infer<typeof StdioServerConfig>;

const loopbackRedirect = z
  .string({ error: 'expected a loopback http URL such as "http://127.0.0.1:8765/callback"' })
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
    } catch {
      return false;
    }
  }, 'expected a loopback http URL such as "http://127.0.0.1:8765/callback"');

/**
 * OAuth settings of a remote MCP server (all optional; without them, a server that answers 401 is signed in
 * to with dynamic client registration): `{ clientId?, clientSecret?, grantType?, scope?, clientMetadataUrl?, redirectUrl? }`.
 */
export const McpAuthConfig = z
  .strictObject(
    {
      clientId: z.string({ error: 'expected the client ID registered with the authorization server' }).min(1, 'expected a non-empty client ID').optional(),
      clientSecret: z.string({ error: 'expected the client secret as a string' }).min(1, 'expected a non-empty client secret').optional(),
      grantType: z.enum(['authorization_code', 'client_credentials'], { error: 'expected "authorization_code" or "client_credentials"' }).optional(),
      scope: z.string({ error: 'expected the scope as a space-separated string' }).optional(),
      clientMetadataUrl: z
        .url({ error: 'expected the https URL of the client ID metadata document', protocol: /^https$/ })
        .refine((value) => new URL(value).pathname !== '/', 'expected the https URL of the client ID metadata document, with a path')
        .optional(),
      redirectUrl: loopbackRedirect.optional(),
    },
    { error: 'expected an object: { "clientId", "clientSecret", "grantType", "scope", "clientMetadataUrl", "redirectUrl" } (all optional)' },
  )
  .superRefine((auth, ctx) => {
    if (auth.clientSecret !== undefined && auth.clientId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['clientId'], message: 'expected the clientId that goes with clientSecret' });
    }
    if (auth.grantType === 'client_credentials' && auth.clientSecret === undefined) {
      ctx.addIssue({ code: 'custom', path: ['clientSecret'], message: 'expected a clientSecret (and clientId): grantType "client_credentials" needs them' });
    }
  });
/** @see McpAuthConfig */
export type McpAuthConfig = z.infer<typeof McpAuthConfig>;

/** A remote MCP server: `{ url, headers?, timeoutMs?, toolPrefix?, auth? }` (`type: "http" | "sse"` allowed). */
export const HttpServerConfig = z.strictObject({
  type: z.enum(['http', 'sse'], { error: 'expected "http" or "sse" for a server with a url' }).optional(),
  url: z.url({ error: 'expected an http(s) URL', protocol: /^https?$/ }),
  headers: stringMap.optional(),
  timeoutMs: timeoutMs.optional(),
  toolPrefix: toolPrefix.optional(),
  auth: McpAuthConfig.optional(),
});
/** @see HttpServerConfig */
export type HttpServerConfig = z.infer<typeof HttpServerConfig>;

/** One `mcpServers` entry: a server with a `url` is remote, any other is started from its `command`. */
export type McpServerConfig = StdioServerConfig | HttpServerConfig;

/** A `providers` entry in object form. */
export const ProviderObjectConfig = z.strictObject({
  package: z.string({ error: 'expected the package name, e.g. "@tandem/providers-openai"' }).min(1, 'expected a package name'),
  name: z
    .string({ error: 'expected the name to register, e.g. "local"' })
    .regex(PROVIDER_NAME, 'expected a provider name of letters, digits, ".", "_" or "-" (no colon)')
    .optional(),
  options: z.record(z.string(), z.unknown(), { error: 'expected an object of options for the provider factory' }).optional(),
});

/** A `providers` entry, normalized: the package, the name to register (default: the plugin's), options. */
export interface ProviderConfig {
  readonly package: string;
  readonly name?: string;
  readonly options?: Record<string, unknown>;
}

/** Validates with the schema `select` picks for the value, keeping the issue paths. */
function dispatch<T>(select: (value: unknown) => z.ZodType<T>) {
  return z.unknown().transform((value, ctx): T => {
    const result = select(value).safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0]);
    return z.NEVER;
  });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const McpServerEntry = dispatch<McpServerConfig>((value) =>
  isObject(value) && ('url' in value || value['type'] === 'http' || value['type'] === 'sse') ? HttpServerConfig : StdioServerConfig,
);

const ProviderEntry = dispatch<ProviderConfig>((value) =>
  typeof value === 'string'
    ? z.string().min(1, 'expected a package name').transform((name) => ({ package: name }))
    : isObject(value)
      ? ProviderObjectConfig
      : z.never({ error: 'expected a package name or { "package", "name", "options" }' }),
);

const AGENT_NAME = /^[a-zA-Z0-9_-]{1,52}$/;

/** One agent of `agents`: `{ system, description?, tools?, handoffs?, model? }`. */
export const AgentConfig = z.strictObject(
  {
    system: z.string({ error: 'expected the agent\'s system prompt as a string' }),
    description: z.string({ error: 'expected a description (what the agent does; other agents hand off to it by it)' }).optional(),
    tools: z.array(z.string({ error: 'expected a tool name' }), { error: 'expected an array of tool names (see tandem tools)' }).optional(),
    handoffs: z.array(z.string({ error: 'expected the name of another agent' }), { error: 'expected an array of agent names' }).optional(),
    model: z.string({ error: 'expected "provider:model-id", e.g. "openai:gpt-5"' }).regex(MODEL, 'expected "provider:model-id", e.g. "openai:gpt-5"').optional(),
  },
  { error: 'expected an agent: { "system", "description"?, "tools"?, "handoffs"?, "model"? }' },
);
/** @see AgentConfig */
export type AgentConfig = z.infer<typeof AgentConfig>;

/** The contents of `tandem.config.json`. Unknown keys are errors (except `type` in an `mcpServers` entry). */
export const TandemConfig = z.strictObject(
  {
    model: z.string({ error: 'expected "provider:model-id", e.g. "openai:gpt-5"' }).regex(MODEL, 'expected "provider:model-id", e.g. "openai:gpt-5"').optional(),
    system: z.string({ error: 'expected the system prompt as a string' }).optional(),
    maxSteps: z.number({ error: 'expected a positive whole number' }).int('expected a positive whole number').positive('expected a positive whole number').optional(),
    providers: z.array(ProviderEntry, { error: 'expected an array of package names or { "package", "name", "options" }' }).optional(),
    tools: z.array(z.string({ error: 'expected a module path' }), { error: 'expected an array of module paths' }).optional(),
    mcpServers: z.record(z.string(), McpServerEntry, { error: 'expected an object of named servers' }).optional(),
    agents: z
      .record(z.string().regex(AGENT_NAME, 'expected an agent name of 1–52 letters, digits, "_" or "-"'), AgentConfig, { error: 'expected an object of named agents' })
      .optional(),
    agent: z.string({ error: 'expected the name of the entry agent (a key of "agents")' }).optional(),
  },
  { error: 'expected a JSON object' },
).superRefine((config, ctx) => {
  const names = Object.keys(config.agents ?? {});
  if (config.agent !== undefined && !names.includes(config.agent)) {
    ctx.addIssue({ code: 'custom', path: ['agent'], message: names.length === 0 ? 'expected "agents" to define this agent' : `expected one of the agents: ${names.join(', ')}` });
  }
  for (const [name, agent] of Object.entries(config.agents ?? {})) {
    for (const [index, target] of (agent.handoffs ?? []).entries()) {
      if (!names.includes(target)) ctx.addIssue({ code: 'custom', path: ['agents', name, 'handoffs', index], message: `expected one of the agents: ${names.join(', ')}` });
      else if (target === name) ctx.addIssue({ code: 'custom', path: ['agents', name, 'handoffs', index], message: 'expected another agent (an agent does not hand off to itself)' });
    }
  }
});
/** @see TandemConfig */
export type TandemConfig = z.infer<typeof TandemConfig>;

/** The keys each object of the config may have, to name them when an unknown one appears. */
const ALLOWED_KEYS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^$/, Object.keys(TandemConfig.shape)],
  [/^mcpServers\.[^.]+$/, ['command', 'args', 'env', 'cwd', 'url', 'headers', 'timeoutMs', 'toolPrefix', 'auth', 'type']],
  [/^mcpServers\.[^.]+\.auth$/, ['clientId', 'clientSecret', 'grantType', 'scope', 'clientMetadataUrl', 'redirectUrl']],
  [/^providers\[\d+\]$/, Object.keys(ProviderObjectConfig.shape)],
  [/^agents\.[^.]+$/, Object.keys(AgentConfig.shape)],
];

/**
 * One line naming the file, the JSON path and what was expected, for every problem found.
 *
 * @example
 * ```ts
 * configErrorMessage('/p/tandem.config.json', issues);
 * // '/p/tandem.config.json: mcpServers.fs.command: expected the command that starts the server, as a string'
 * ```
 */
export function configErrorMessage(file: string, issues: readonly z.core.$ZodIssue[]): string {
  const problems = issues.flatMap((issue) => {
    const path = formatPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      const allowed = ALLOWED_KEYS.find(([pattern]) => pattern.test(path))?.[1];
      return issue.keys.map(
        (key) => `${path === '' ? key : `${path}.${key}`}: unknown key${allowed === undefined ? '' : ` (expected one of: ${allowed.join(', ')})`}`,
      );
    }
    return [`${path === '' ? '(top level)' : path}: ${issue.message.replace(/^Invalid input: /, '')}`];
  });
  return `Invalid config ${file}: ${problems.join('; ')}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) {
    if (typeof key === 'number') text += `[${String(key)}]`;
    else text += text === '' ? String(key) : `.${String(key)}`;
  }
  return text;
}
