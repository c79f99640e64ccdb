// The client under test of the MCP conformance suite. The suite runs `<node> client.mjs <server-url>` with
// MCP_CONFORMANCE_SCENARIO (and, for some scenarios, MCP_CONFORMANCE_CONTEXT with client credentials) set.
// It connects with getHttpTools() and mcpOAuth(), lists the tools and calls one. The "browser" is a plain
// fetch: it opens the authorization URL and follows the redirect to mcpOAuth()'s loopback listener.
import { getHttpTools, mcpOAuth } from '@tandem/mcp';

/** The client ID metadata document URL the suite expects (it is not fetched). */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

interface Context {
  readonly client_id?: string;
  readonly client_secret?: string;
}

async function main(): Promise<void> {
  const serverUrl = process.argv.at(-1);
  if (serverUrl === undefined || !/^https?:\/\//.test(serverUrl)) throw new Error('usage: client.mjs <server-url>');
  console.log(`node ${process.version}`);
  const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as Context;
  const auth = mcpOAuth({
    clientId: context.client_id,
    clientSecret: context.client_secret,
    clientMetadataUrl: CLIENT_METADATA_URL,
    clientName: 'tandem-conformance-client',
    authorizationTimeoutMs: 60_000,
    onAuthorizationUrl: async (url, { signal }) => {
      // The headless "browser": the authorization server redirects at once to the loopback listener.
      const page = await fetch(url, { redirect: 'follow', signal });
      await page.text();
    },
  });
  const tools = await getHttpTools(serverUrl, { auth, clientInfo: { name: 'tandem-conformance-client', version: '1.0.0' } });
  try {
    console.log(`tools: ${tools.map((tool) => tool.name).join(', ')}`);
    if (tools.some((tool) => tool.name === 'test-tool')) {
      const result = await tools.client.callTool('test-tool', {});
      console.log(`test-tool: ${JSON.stringify(result.content)}`);
    }
  } finally {
    await tools.close();
  }
}

// The last line says how the run ended, for the test to check: `RESULT ok` or `RESULT <error code>`.
main().then(
  () => {
    console.log('RESULT ok');
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    for (let cause = (error as { cause?: unknown } | null)?.cause; cause instanceof Error; cause = cause.cause) {
      console.error(`  caused by ${cause.name}: ${cause.message}`);
    }
    console.log(`RESULT ${(error as { code?: unknown } | null)?.code ?? 'unknown-error'}`);
    process.exit(1);
  },
);
