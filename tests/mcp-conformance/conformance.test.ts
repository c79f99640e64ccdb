// The official MCP conformance suite (@modelcontextprotocol/conformance, run on Node 22 as it requires)
// drives its client `auth/*` scenarios against client.ts — getHttpTools() with mcpOAuth() on the project's
// Node. Each scenario starts the suite's own authorization and MCP servers on loopback ports, runs the
// client with the server URL, and judges what the client did on the wire. The suites run in parallel
// inside one conformance process each; every scenario is then asserted on its own.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_BUNDLE, CONFORMANCE_CLI, NODE_22, projectNode } from './paths.js';

/** How each scenario's client run must end: `ok`, or the code of the McpOAuthError it must fail with. */
const EXPECTED: Record<string, 'ok' | readonly string[]> = {
  // The suite's `auth` suite (run here as `metadata`, `sep-835` and single scenarios): every required client
  // auth scenario of the current spec (2025-11-25).
  'auth/metadata-default': 'ok',
  'auth/metadata-var1': 'ok',
  'auth/metadata-var2': 'ok',
  'auth/metadata-var3': 'ok',
  'auth/basic-cimd': 'ok',
  'auth/scope-from-www-authenticate': 'ok',
  'auth/scope-from-scopes-supported': 'ok',
  'auth/scope-omitted-when-undefined': 'ok',
  'auth/scope-step-up': 'ok',
  'auth/scope-retry-limit': ['MCP_OAUTH_SCOPE_DENIED', 'MCP_OAUTH_TOO_MANY_ATTEMPTS'],
  'auth/token-endpoint-auth-basic': 'ok',
  'auth/token-endpoint-auth-post': 'ok',
  'auth/token-endpoint-auth-none': 'ok',
  'auth/pre-registration': 'ok',
  // `backcompat`: the 2025-03-26 fallbacks.
  'auth/2025-03-26-oauth-metadata-backcompat': 'ok',
  'auth/2025-03-26-oauth-endpoint-fallback': 'ok',
  // `draft`: resource indicators (RFC 8707) and refresh-token guidance (SEP-2207).
  'auth/resource-mismatch': ['MCP_OAUTH_RESOURCE_MISMATCH'],
  'auth/offline-access-scope': 'ok',
  'auth/offline-access-not-supported': 'ok',
  // An extension: client_credentials with a client secret.
  'auth/client-credentials-basic': 'ok',
};
/**
 * Extension scenarios outside mcpOAuth()'s options: `private_key_jwt` client authentication and the
 * enterprise cross-app access (ID-JAG) flow. Listed so that a new scenario in the suite is noticed.
 */
const NOT_COVERED = ['auth/client-credentials-jwt', 'auth/cross-app-access-complete-flow'];

interface Check {
  readonly id: string;
  readonly name: string;
  readonly status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  readonly description: string;
}

interface ScenarioRun {
  readonly checks: readonly Check[];
  readonly stdout: string;
  readonly stderr: string;
}

const outputRoot = mkdtempSync(join(tmpdir(), 'tandem-mcp-conformance-'));
const clientCommand = `${projectNode()} ${CLIENT_BUNDLE}`;
const logs: string[] = [];

/** Runs the suite's CLI (`--suite <name>` or `--scenario <name>`) with results under `outputRoot`. */
function runConformance(selection: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = [CONFORMANCE_CLI, 'client', '--command', clientCommand, ...selection, '--timeout', '60000', '-o', outputRoot];
    const child = spawn(NODE_22, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      logs.push(`$ conformance client ${selection.join(' ')}\n${output}`);
      resolve(); // pass or fail is judged per scenario from the results below
    });
  });
}

/** The results of `scenario`: `<outputRoot>/auth/<name>-<timestamp>/{checks.json,stdout.txt,stderr.txt}`. */
function resultOf(scenario: string): ScenarioRun | undefined {
  const [group, name] = scenario.split('/') as [string, string];
  const dir = join(outputRoot, group);
  if (!existsSync(dir)) return undefined;
  const entry = readdirSync(dir)
    .filter((candidate) => candidate.startsWith(`${name}-`) && /^\d{4}-/.test(candidate.slice(name.length + 1)))
    .sort()
    .at(-1);
  if (entry === undefined) return undefined;
  const read = (file: string): string => readFileSync(join(dir, entry, file), 'utf8');
  return { checks: JSON.parse(read('checks.json')) as Check[], stdout: read('stdout.txt'), stderr: read('stderr.txt') };
}

/** A run the loopback harness broke (a kept-alive socket reset under heavy load), not the client. */
function brokenByHarness(run: ScenarioRun | undefined): boolean {
  return run === undefined || /ECONNRESET|other side closed|socket hang up/.test(run.stderr);
}

beforeAll(async () => {
  // One suite (run in parallel inside one conformance process) or scenario at a time, at most five
  // clients at once, so that a 2-core machine running other test suites is not swamped.
  const runs = [
    ['--suite', 'metadata'],
    ['--suite', 'sep-835'],
    ['--suite', 'backcompat'],
    ['--suite', 'draft'],
    ...['auth/basic-cimd', 'auth/token-endpoint-auth-basic', 'auth/token-endpoint-auth-post', 'auth/token-endpoint-auth-none'].map((name) => ['--scenario', name]),
    ...['auth/pre-registration', 'auth/client-credentials-basic'].map((name) => ['--scenario', name]),
  ];
  for (const run of runs) await runConformance(run);
  // A scenario whose sockets the harness reset is run once more, alone (the newest result counts).
  for (const scenario of Object.keys(EXPECTED).filter((name) => brokenByHarness(resultOf(name)))) {
    await runConformance(['--scenario', scenario]);
  }
}, 600_000);

afterAll(() => rmSync(outputRoot, { recursive: true, force: true }));

describe('MCP conformance suite, client auth scenarios', () => {
  it('knows every auth scenario of the suite', () => {
    const listing = execFileSync(NODE_22, [CONFORMANCE_CLI, 'list'], { encoding: 'utf8' });
    const auth = [...listing.matchAll(/^\s+- (auth\/\S+)/gm)].map((match) => match[1]);
    expect(auth.sort()).toEqual([...Object.keys(EXPECTED), ...NOT_COVERED].sort());
  });

  it("runs the client under test on the project's Node, not on the suite's Node 22", () => {
    const version = execFileSync(projectNode(), ['--version'], { encoding: 'utf8' }).trim();
    expect(projectNode()).not.toBe(NODE_22);
    expect(resultOf('auth/metadata-default')?.stdout).toContain(`node ${version}`);
  });

  it.for(Object.entries(EXPECTED))('%s passes every check', ([scenario, expected]) => {
    const run = resultOf(scenario);
    expect(run, `no results for ${scenario}:\n${logs.join('\n')}`).toBeDefined();
    const { checks, stdout, stderr } = run!;
    const context = `client stdout:\n${stdout}\nclient stderr:\n${stderr}`;
    const problems = checks.filter((check) => check.status === 'FAILURE' || check.status === 'WARNING');
    expect(problems.map((check) => `${check.status} ${check.name}: ${check.description}`), context).toEqual([]);
    expect(checks.filter((check) => check.status === 'SUCCESS').length, context).toBeGreaterThan(0);
    const result = /^RESULT (\S+)$/m.exec(stdout)?.[1];
    if (expected === 'ok') expect(result, context).toBe('ok');
    else expect(expected, context).toContain(result);
  });
});
