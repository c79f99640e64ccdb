import type { Message } from '@tandem/core/spec';

/**
 * `prepared` (what a context manager chose from `replay`) with every tool call kept with its result, in
 * history order. In a voice call a group's results are recorded when the group ends — often after later
 * turns — so a call and its result need not be neighbours, and a manager that keeps an assistant message
 * together with the tool messages right after it can still split them. This puts back, where history has
 * them, the partner a manager dropped: the call of a result it kept, the result of a call it kept, and
 * every call whose results are not in `replay` (still running, or not delivered yet: they follow through
 * `sendToolResults`, so the model must know the call). @internal
 */
export function keepToolPairs(replay: readonly Message[], prepared: readonly Message[]): readonly Message[] {
  const callAt = new Map<string, number>();
  const resultAt = new Map<string, number>();
  replay.forEach((message, index) => {
    for (const part of message.parts) {
      if (part.type === 'tool-call' && message.role === 'assistant') callAt.set(part.toolCallId, index);
      else if (part.type === 'tool-result' && message.role === 'tool') resultAt.set(part.toolCallId, index);
    }
  });
  if (callAt.size === 0) return prepared;
  const calls = new Set<string>();
  const results = new Set<string>();
  for (const message of prepared) addIds(message, calls, results);
  const missing = new Set<number>();
  let changed = true;
  const need = (index: number | undefined): void => {
    if (index === undefined || missing.has(index)) return;
    missing.add(index);
    addIds(replay[index] as Message, calls, results);
    changed = true;
  };
  while (changed) {
    changed = false;
    for (const id of results) if (!calls.has(id)) need(callAt.get(id));
    for (const id of calls) if (!results.has(id)) need(resultAt.get(id));
    for (const [id, index] of callAt) if (!resultAt.has(id) && !calls.has(id)) need(index);
  }
  if (missing.size === 0) return prepared;
  const identity = new Map<Message, number>(replay.map((message, index) => [message, index]));
  const positionOf = (message: Message): number | undefined => {
    const known = identity.get(message);
    if (known !== undefined) return known;
    // A manager's copy (trimToolResults cuts results): placed by the call or result it holds.
    for (const part of message.parts) {
      if (part.type === 'tool-call') return callAt.get(part.toolCallId);
      if (part.type === 'tool-result') return resultAt.get(part.toolCallId);
    }
    return undefined;
  };
  const putBack = [...missing].sort((a, b) => a - b);
  const out: Message[] = [];
  let next = 0;
  for (const message of prepared) {
    const at = positionOf(message);
    if (at !== undefined) while (next < putBack.length && (putBack[next] as number) < at) out.push(replay[putBack[next++] as number] as Message);
    out.push(message);
  }
  while (next < putBack.length) out.push(replay[putBack[next++] as number] as Message);
  return out;
}

function addIds(message: Message, calls: Set<string>, results: Set<string>): void {
  for (const part of message.parts) {
    if (part.type === 'tool-call') calls.add(part.toolCallId);
    else if (part.type === 'tool-result') results.add(part.toolCallId);
  }
}
