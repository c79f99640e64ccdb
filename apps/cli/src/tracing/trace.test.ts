// `--trace` on the built binary: spans exported over OTLP/HTTP to a loopback collector that decodes them —
// also when the run is interrupted, never hanging on a collector that does not answer, and a one-line
// warning (no spans) without an endpoint.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cleanEnv, fileLines, runCli, TEST_TOOLS, waitFor } from '../__fixtures__/cli.js';
import { attribute, startOtlpReceiver, type OtlpSpan } from '../__fixtures__/otlp-receiver.js';

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-trace-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const parentOf = (spans: readonly OtlpSpan[], span: OtlpSpan | undefined): OtlpSpan | undefined => spans.find((other) => other.spanId === span?.parentSpanId);

describe('tandem --trace', () => {
  it('exports invoke_agent, chat, tool_group and execute_tool spans to OTEL_EXPORTER_OTLP_ENDPOINT, without content', async () => {
    await using collector = await startOtlpReceiver();
    const result = await runCli(['run', '--trace', 'quick_echo and current_time text=traced timeZone=UTC', '--tools', TEST_TOOLS], {
      cwd: dir,
      env: cleanEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint }),
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(collector.requests.length).toBeGreaterThan(0);
    expect(collector.requests.every((request) => request.path === '/v1/traces' && request.contentType?.startsWith('application/json'))).toBe(true);
    expect(collector.serviceNames()).toContain('tandem');

    const spans = collector.spans();
    const agent = spans.find((span) => span.name === 'invoke_agent tandem');
    const chats = spans.filter((span) => span.name.startsWith('chat '));
    const group = spans.find((span) => span.name === 'tool_group');
    const echo = spans.find((span) => span.name === 'execute_tool quick_echo');
    const time = spans.find((span) => span.name === 'execute_tool current_time');
    expect(agent).toBeDefined();
    expect(chats).toHaveLength(2); // the call, then the narration
    for (const chat of chats) expect(parentOf(spans, chat)).toBe(agent);
    expect(parentOf(spans, group)).toBe(agent);
    expect(parentOf(spans, echo)).toBe(group);
    expect(parentOf(spans, time)).toBe(group);
    expect(new Set(spans.map((span) => span.traceId)).size).toBe(1);
    expect(attribute(echo, 'gen_ai.tool.name')).toBe('quick_echo');
    expect(attribute(chats[0], 'gen_ai.request.model')).toBeDefined();
    // No content without OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true.
    expect(JSON.stringify(collector.requests)).not.toContain('traced');
  });

  it('records content when OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true, to OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', async () => {
    await using collector = await startOtlpReceiver();
    const result = await runCli(['run', '--trace', 'quick_echo text=recorded', '--tools', TEST_TOOLS], {
      cwd: dir,
      env: cleanEnv({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.endpoint}/custom/traces`, OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true', OTEL_SERVICE_NAME: 'my-cli' }),
    });
    expect(result.code).toBe(0);
    expect(collector.requests.map((request) => request.path)).toContain('/custom/traces');
    expect(collector.serviceNames()).toContain('my-cli');
    const echo = collector.spans().find((span) => span.name === 'execute_tool quick_echo');
    expect(attribute(echo, 'gen_ai.tool.call.arguments')).toBe('{"text":"recorded"}');
  });

  it('Ctrl-C mid-tool: the spans are still exported, the cancelled call with error.type cancelled', async () => {
    await using collector = await startOtlpReceiver();
    const log = join(dir, 'interrupt.log');
    const result = await runCli(['run', '--trace', 'slow_search query=traced', '--tools', TEST_TOOLS], {
      cwd: dir,
      env: cleanEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, TANDEM_TEST_LOG: log }),
      onSpawn: (child) => {
        void waitFor(() => fileLines(log).includes('started traced'), 'the tool to start').then(() => child.kill('SIGINT'));
      },
    });
    expect(result.code).toBe(130);
    const spans = collector.spans();
    const slow = spans.find((span) => span.name === 'execute_tool slow_search');
    expect(slow?.status?.code, 'STATUS_CODE_ERROR').toBe(2);
    expect(attribute(slow, 'error.type')).toBe('cancelled');
    expect(spans.map((span) => span.name)).toContain('invoke_agent tandem');
  });

  it('a collector that never answers does not hold the exit up', async () => {
    await using collector = await startOtlpReceiver({ stuck: true });
    const result = await runCli(['run', '--trace', 'quick_echo text=stuck', '--tools', TEST_TOOLS], {
      cwd: dir,
      env: cleanEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint }),
    });
    expect(result.code).toBe(0); // not killed by the test's timeout
    expect(result.stdout).toContain('echo: stuck');
    expect(collector.requests.length).toBeGreaterThan(0);
  });

  it('tandem voice --trace: the conversation is a bidi_session span, its tool group and calls inside it', async () => {
    await using collector = await startOtlpReceiver();
    const result = await runCli(['voice', '--trace', '--tools', TEST_TOOLS], {
      cwd: dir,
      input: 'quick_echo text=spoken\n',
      env: cleanEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint }),
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('[tool quick_echo success: echo: spoken]');
    const spans = collector.spans();
    const session = spans.find((span) => span.name === 'bidi_session tandem');
    const echo = spans.find((span) => span.name === 'execute_tool quick_echo');
    expect(session).toBeDefined();
    expect(parentOf(spans, parentOf(spans, echo))).toBe(session);
  });

  it('without an endpoint: one warning line on stderr, no spans, the run goes on', async () => {
    const result = await runCli(['run', '--trace', 'quick_echo text=x', '--tools', TEST_TOOLS], { cwd: dir, env: cleanEnv() });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('echo: x');
    expect(result.stderr).toBe(
      'tandem: warning: --trace needs OTEL_EXPORTER_OTLP_ENDPOINT (e.g. http://127.0.0.1:4318) or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; no spans are exported.\n',
    );
  });
});
