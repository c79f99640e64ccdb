const WELL_KNOWN: { readonly [provider: string]: string } = {
  openai: 'openai',
  anthropic: 'anthropic',
  bedrock: 'aws.bedrock',
  google: 'gcp.gemini',
  vertex: 'gcp.vertex_ai',
  azure: 'azure.ai.openai',
  mistral: 'mistral_ai',
  xai: 'x_ai',
};

/**
 * `gen_ai.provider.name` for a Tandem model's `provider` (`openai.responses` → `openai`, `bedrock` →
 * `aws.bedrock`, `google` → `gcp.gemini`); providers the conventions do not list keep their own name.
 */
export function providerName(provider: string): string {
  let name = seen.get(provider);
  if (name === undefined) {
    const dot = provider.indexOf('.');
    const family = dot === -1 ? provider : provider.slice(0, dot);
    name = WELL_KNOWN[family] ?? family;
    // A process talks to a handful of providers: remembering them spares a string split per span.
    if (seen.size < 64) seen.set(provider, name);
  }
  return name;
}

const seen = new Map<string, string>();
