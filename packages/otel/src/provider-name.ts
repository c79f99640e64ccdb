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
  const family = provider.split('.')[0] ?? provider;
  return WELL_KNOWN[family] ?? family;
}
