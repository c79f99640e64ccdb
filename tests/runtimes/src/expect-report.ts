import { expect } from 'vitest';
import { PROVIDER_TEXT } from './harness/loopback-servers.js';
import type { RuntimeReport } from './harness/run-process.js';

/** What every runtime must report: the same behaviour as Node. */
export function expectProgramPassed(outcome: RuntimeReport): void {
  if (!outcome.ok) throw new Error(`The program failed in the runtime:\n${outcome.error}`);
  const { report } = outcome;
  // Both tools started before either finished: they ran concurrently (each waited for the other).
  expect(report.concurrentTools.order.slice(0, 2).sort()).toEqual(['left:start', 'right:start']);
  expect(report.concurrentTools.results).toEqual(['left=2', 'right=4']); // recorded in the model's call order
  expect(report.concurrentTools.stopReason).toBe('endTurn');
  expect(report.provider).toEqual({ text: PROVIDER_TEXT, finishReason: 'stop' });
  expect(report.abort).toEqual({ stopReason: 'cancelled', toolStatus: 'cancelled', toolSawAbort: true });
  expect(report.mcp.toolNames).toEqual(['add']);
  expect(report.mcp.status).toBe('success');
  expect(report.mcp.result).toEqual({ sum: 5 });
  expect(report.ui.status).toBe(200);
  expect(report.ui.contentType).toMatch(/^text\/event-stream/);
  expect(report.ui.chunkTypes).toEqual(expect.arrayContaining(['start', 'text-start', 'text-delta', 'text-end', 'finish']));
  expect(report.ui.text).toBe('Hello, UI.');
  expect(report.stopTool).toEqual({ stopReason: 'endTurn', text: 'Stopped here.' });
  expect(report.jsonSchemaTool.statuses).toEqual(['error', 'success']);
  expect(report.jsonSchemaTool.error).toContain('code: Does not match the pattern');
  expect(report.jsonSchemaTool.ran).toEqual(['ABC']);
  expect(report.summary).toEqual({
    summarizerCalls: 1,
    firstSent: 'Summary of the earlier conversation:\nThey asked six questions.',
    compaction: true,
    text: 'Answered with the summary.',
  });
}
