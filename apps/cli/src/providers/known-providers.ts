/** A provider package the CLI ships with. */
export interface KnownProvider {
  /** The name it registers under (`openai` in `openai:gpt-5`). */
  readonly name: string;
  readonly package: string;
  /** Environment variables holding its key (any one non-empty is enough); empty when it needs none. */
  readonly keyVariables: readonly string[];
  /** Whether a set key makes it the model when none is chosen (in this table's order). */
  readonly pickedByKey: boolean;
}

/**
 * The provider packages the CLI depends on, in the order a set key picks one. The key variables are the
 * packages' own (`providerPlugin.env.apiKey`, checked by a test); they live here so choosing a model
 * imports only the provider it picks.
 */
export const KNOWN_PROVIDERS: readonly KnownProvider[] = [
  { name: 'openai', package: '@tandem/providers-openai', keyVariables: ['OPENAI_API_KEY'], pickedByKey: true },
  { name: 'anthropic', package: '@tandem/providers-anthropic', keyVariables: ['ANTHROPIC_API_KEY'], pickedByKey: true },
  { name: 'google', package: '@tandem/providers-google', keyVariables: ['GOOGLE_GENERATIVE_AI_API_KEY', 'GEMINI_API_KEY'], pickedByKey: true },
  { name: 'bedrock', package: '@tandem/providers-bedrock', keyVariables: ['AWS_ACCESS_KEY_ID', 'AWS_PROFILE', 'AWS_BEARER_TOKEN_BEDROCK'], pickedByKey: true },
  { name: 'gateway', package: '@tandem/providers-gateway', keyVariables: ['TANDEM_GATEWAY_API_KEY', 'AI_GATEWAY_API_KEY'], pickedByKey: false },
  { name: 'ollama', package: '@tandem/providers-ollama', keyVariables: [], pickedByKey: false },
];

/** The variables of `names` that are set to a non-empty value (an empty variable counts as unset). @example `setVariables(['OPENAI_API_KEY'])` */
export function setVariables(names: readonly string[], env: NodeJS.ProcessEnv = process.env): string[] {
  return names.filter((name) => (env[name] ?? '') !== '');
}
