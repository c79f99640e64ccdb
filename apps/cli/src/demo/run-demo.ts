import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Agent, userMessage, type AgentEvent, type Tool } from '@tandem/core';
import { getStdioTools } from '@tandem/mcp';
import { demoModel } from '../demo-model/demo-model.js';
import type { Paint } from '../output/color.js';
import { formatDuration, preview } from '../output/preview.js';
import { demoTools } from './demo-tools.js';
import { overlapMs, timelineLines, type TimelineEntry } from './timeline.js';

/** A scene of the demo: what it shows, and the prompt the demo model gets. */
interface Scene {
  readonly title: string;
  readonly prompt: string;
  /** Draw the calls' real start and end on one time axis. */
  readonly timeline?: boolean;
}

const SCENES: readonly Scene[] = [
  { title: 'Two tools in one concurrent group', prompt: 'weather city=Lisbon and flights city=Lisbon', timeline: true },
  { title: 'A streaming tool: partial results as they arrive', prompt: 'research topic="concurrent tools"' },
  { title: 'A tool from an MCP server (its own process, over stdio)', prompt: 'convert_currency amount=120 from=EUR to=NOK' },
  { title: 'The stop tool ends the loop (the group still finishes)', prompt: 'weather and stop city=Oslo message="That was the Tandem demo."' },
];

/** Where the demo writes, and how it colors. */
export interface DemoOutput {
  write(text: string): void;
  readonly paint: Paint;
  /** How to run tandem where the demo was started, for the closing hint (`npx tandem` in a clone; default `tandem`). */
  readonly command?: string;
}

/**
 * `tandem demo`: four short scenes on the offline demo model, each printing what happened when — the
 * tools' real start and end times come from the agent's `beforeToolCall`/`afterToolCall` hooks.
 * Starts its own MCP server (a `serveTools()` script shipped with the CLI) and stops it at the end.
 */
export async function runDemo(out: DemoOutput, signal: AbortSignal): Promise<'done' | 'cancelled'> {
  const { paint } = out;
  const began = performance.now();
  const serverScript = fileURLToPath(new URL('./demo/demo-mcp-server.js', import.meta.url));
  if (!existsSync(serverScript)) throw new Error(`The demo's MCP server script is missing (${serverScript}); rebuild @tandem/cli.`);
  await using mcpTools = await getStdioTools({ command: process.execPath, args: [serverScript], stderr: 'pipe', killGraceMs: 500, signal });
  const tools: Tool[] = [...demoTools(), ...mcpTools];

  out.write(`${paint(['bold', 'magenta'], 'tandem demo')} — the offline showcase\n`);
  out.write(`Model: ${paint('bold', 'demo:offline')} — the offline demo model: fixed rules, not an LLM. No key, no network.\n`);
  out.write(
    `Tools: weather, flights, research (streaming), stop — made with tool() and zod; ${mcpTools.map((tool) => tool.name).join(', ')} from the MCP server ` +
      `"${mcpTools.client.serverInfo?.name ?? 'demo'}" this demo started over stdio.\n`,
  );

  let sceneStart = 0;
  let timeline: Array<TimelineEntry & { readonly order: number }> = [];
  const started = new Map<string, number>();
  const order: string[] = [];
  const at = (): string => paint('dim', `+${String(Math.round(performance.now() - sceneStart)).padStart(4)} ms`);
  const agent = new Agent({
    tools,
    hooks: {
      beforeToolCall(event) {
        started.set(event.toolCall.toolCallId, performance.now() - sceneStart);
        order.push(event.toolCall.toolCallId);
        out.write(`    ${at()}  ${paint('cyan', '▶')} ${event.toolCall.toolName} started\n`);
      },
      afterToolCall(event) {
        const startMs = started.get(event.toolCall.toolCallId) ?? 0;
        const endMs = performance.now() - sceneStart;
        timeline.push({ toolName: event.toolCall.toolName, startMs, endMs, order: order.indexOf(event.toolCall.toolCallId) });
        const mark = event.result.status === 'success' ? paint('green', '■') : paint('red', '■');
        out.write(`    ${at()}  ${mark} ${event.toolCall.toolName} ended ${paint('dim', `(${formatDuration(endMs - startMs)}, ${event.result.status})`)}\n`);
      },
    },
  });

  for (const [index, scene] of SCENES.entries()) {
    out.write(`\n${paint('bold', `━━ ${String(index + 1)}. ${scene.title}`)}\n${paint(['bold', 'cyan'], `› ${scene.prompt}`)}\n`);
    timeline = [];
    sceneStart = performance.now();
    const run = agent.run(demoModel({ wordDelayMs: 5 }), [userMessage(scene.prompt)], { signal });
    const printer = new ScenePrinter(out, at);
    for await (const event of run) printer.onEvent(event);
    const result = await run.result;
    printer.endLine();
    if (result.stopReason === 'cancelled') return 'cancelled';
    if (scene.timeline === true && timeline.length > 1) {
      timeline.sort((a, b) => a.order - b.order);
      out.write(`  ${paint('bold', 'Timeline')} ${paint('dim', '(each tool’s real start and end, ms since the prompt was sent)')}\n`);
      for (const line of timelineLines(timeline)) out.write(`    ${line}\n`);
      const group = Math.max(...timeline.map((entry) => entry.endMs)) - Math.min(...timeline.map((entry) => entry.startMs));
      const sequential = timeline.reduce((sum, entry) => sum + entry.endMs - entry.startMs, 0);
      out.write(
        `  Both ran at once for ${formatDuration(overlapMs(timeline))}: the group took ${formatDuration(group)}; one after the other they would take ${formatDuration(sequential)}.\n`,
      );
    }
    const calls = result.steps.length;
    out.write(paint('dim', `  stopReason ${result.stopReason} · ${String(calls)} model ${calls === 1 ? 'call' : 'calls'}`));
    if (scene.prompt.includes('stop')) out.write(paint('dim', ' — the stop tool ended the run without another model call; its message is the final answer'));
    out.write('\n');
  }
  out.write(`\n${paint('green', '✔')} Demo done in ${formatDuration(performance.now() - began)}. Next: ${paint('bold', `${out.command ?? 'tandem'} chat`)} (the demo model calls the tools you name), or set OPENAI_API_KEY for a real model.\n`);
  return 'done';
}

/** Prints one scene's events: reasoning (dimmed), streamed text, partial results and final text. */
class ScenePrinter {
  private midLine = false;
  private kind: 'text' | 'reasoning' | undefined;

  constructor(
    private readonly out: DemoOutput,
    private readonly at: () => string,
  ) {}

  onEvent(event: AgentEvent): void {
    const { paint } = this.out;
    switch (event.type) {
      case 'reasoning-delta':
        this.stream('reasoning', paint('dim', event.chunk));
        return;
      case 'text-delta':
        this.stream('text', event.chunk);
        return;
      case 'partial-tool-call-result':
        this.endLine();
        this.out.write(`    ${this.at()}  ${paint('yellow', '…')} ${event.toolName}: ${preview(event.value, 90)}\n`);
        return;
      case 'tool-end':
        this.endLine();
        this.out.write(`  ${paint('dim', `requests ${event.toolCall.toolName}(${preview(event.toolCall.toolArgs, 80)})`)}\n`);
        return;
      default:
        return;
    }
  }

  endLine(): void {
    if (this.midLine) this.out.write('\n');
    this.midLine = false;
    this.kind = undefined;
  }

  private stream(kind: 'text' | 'reasoning', chunk: string): void {
    if (this.kind !== kind) {
      this.endLine();
      this.out.write('  ');
      this.kind = kind;
    }
    this.out.write(chunk.replace(/\n/g, '\n  '));
    this.midLine = true;
  }
}
