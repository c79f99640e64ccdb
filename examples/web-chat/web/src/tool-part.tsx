import type { DynamicToolUIPart, ToolUIPart } from 'ai';

export type AnyToolPart = ToolUIPart | DynamicToolUIPart;

/** A tool part's state in words. */
export function stateInWords(part: AnyToolPart): string {
  switch (part.state) {
    case 'input-streaming':
      return 'preparing';
    case 'input-available':
      return 'running';
    case 'approval-requested':
      return 'waiting for approval';
    case 'approval-responded':
      return part.approval.approved ? 'approved' : 'denied';
    case 'output-available':
      return part.preliminary === true ? 'running' : 'done';
    case 'output-error':
      return 'error';
    case 'output-denied':
      return 'denied';
  }
}

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function toolName(part: AnyToolPart): string {
  return part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
}

/** One tool call: its name, arguments, state, partial or final output, and approve/deny buttons when asked. */
export function ToolPart({ part, onAnswer }: { part: AnyToolPart; onAnswer: (approvalId: string, approved: boolean) => void }) {
  const name = toolName(part);
  return (
    <div className="tool" data-tool={name} data-state={part.state} data-call={part.toolCallId}>
      <div className="tool-head">
        <span className="name">{name}</span> <span className="state">{stateInWords(part)}</span>
      </div>
      {part.input !== undefined && <code className="args">{show(part.input)}</code>}
      {part.state === 'output-available' && part.preliminary === true && <div className="partial">{show(part.output)}</div>}
      {part.state === 'output-available' && part.preliminary !== true && <div className="output">{show(part.output)}</div>}
      {part.state === 'output-error' && <div className="error">{part.errorText}</div>}
      {part.state === 'approval-requested' && (
        <div className="approval">
          <button className="approve" onClick={() => onAnswer(part.approval.id, true)}>
            Approve
          </button>
          <button className="deny" onClick={() => onAnswer(part.approval.id, false)}>
            Deny
          </button>
        </div>
      )}
    </div>
  );
}
