// A Telemetry that records what a conversation traced, as a log of lines, and checks the span rules:
// each span ends once, children before their parent.
import type { SessionTraceEvent, SessionTraceInfo, Telemetry, ToolGroupTraceInfo } from '@tandem/core';

export interface RecordingTelemetry extends Telemetry {
  readonly sessions: SessionTraceInfo[];
  /** One line per call, in order. */
  readonly log: string[];
  readonly events: SessionTraceEvent[];
  readonly groups: ToolGroupTraceInfo[];
  /** Spans started and not ended. */
  readonly open: Set<string>;
  readonly problems: string[];
}

export function recordingTelemetry(): RecordingTelemetry {
  const telemetry: RecordingTelemetry = {
    sessions: [],
    log: [],
    events: [],
    groups: [],
    open: new Set(),
    problems: [],
    startRun() {
      throw new Error('BidiAgent traces conversations with startSession, not startRun');
    },
    startSession(info) {
      telemetry.sessions.push(info);
      const session = `session ${String(telemetry.sessions.length)}`;
      telemetry.open.add(session);
      telemetry.log.push(`start ${session}`);
      let groups = 0;
      return {
        event(event) {
          telemetry.events.push(event);
          telemetry.log.push(`event ${event.type}`);
        },
        startToolGroup(groupInfo) {
          telemetry.groups.push(groupInfo);
          const group = `${session}/group ${String(++groups)}`;
          telemetry.open.add(group);
          telemetry.log.push(`start group ${groupInfo.calls.map((call) => call.toolCallId).join(',')}`);
          return {
            startToolCall(call) {
              const span = `${group}/${call.toolCallId}`;
              telemetry.open.add(span);
              return {
                end(result) {
                  if (!telemetry.open.delete(span)) telemetry.problems.push(`${span} ended twice`);
                  telemetry.log.push(`end call ${call.toolCallId} ${result.status}`);
                },
              };
            },
            end(results) {
              if ([...telemetry.open].some((name) => name.startsWith(`${group}/`))) telemetry.problems.push(`${group} ended before its calls`);
              if (!telemetry.open.delete(group)) telemetry.problems.push(`${group} ended twice`);
              telemetry.log.push(`end group ${results.map((result) => result.status).join(',')}`);
            },
          };
        },
        end(outcome) {
          if ([...telemetry.open].some((name) => name.startsWith(`${session}/`))) telemetry.problems.push(`${session} ended before its groups`);
          if (!telemetry.open.delete(session)) telemetry.problems.push(`${session} ended twice`);
          telemetry.log.push(`end ${session} ${outcome.reason}${outcome.error === undefined ? '' : ` (${(outcome.error as Error).name})`}`);
        },
      };
    },
  };
  return telemetry;
}
