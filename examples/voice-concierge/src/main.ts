// The voice concierge, offline: a scripted caller types its turns into the concierge running on the demo
// realtime model; asking to book hands the call to the booking agent while the search is still running.
import type { BidiEvent } from '@tandem/bidi';
import { createConcierge } from './concierge.js';
import { conciergeDemoModel } from './concierge-demo-model.js';

const seen: BidiEvent[] = [];
const waiters = new Set<() => void>();

/** Resolves once `check()` holds for the events seen so far. */
function until(check: () => boolean): Promise<void> {
  if (check()) return Promise.resolve();
  return new Promise((resolve) => {
    const waiter = (): void => {
      if (!check()) return;
      waiters.delete(waiter);
      resolve();
    };
    waiters.add(waiter);
  });
}

/** Prints what the caller would hear and see, naming the agent that is on the line. */
async function print(events: AsyncIterable<BidiEvent>): Promise<void> {
  for await (const event of events) {
    seen.push(event);
    if (event.parentToolCallId !== undefined) continue; // (events of nested agents: none here)
    const who = event.agentName.padEnd(10);
    if (event.type === 'transcript' && event.role === 'assistant' && event.final) console.log(`${who} : ${event.delta}`);
    if (event.type === 'tool-start') console.log(`${who} ⚙ ${event.toolName} started`);
    if (event.type === 'tool-call-result') for (const result of event.results) console.log(`${who} ✓ ${result.toolName}: ${String(result.result)}`);
    if (event.type === 'handoff') console.log(`${who} ⇢ handoff ${event.from} → ${event.to}`);
    for (const waiter of [...waiters]) waiter();
  }
}

const groupsDone = (n: number) => () => seen.filter((event) => event.type === 'tool-group-complete').length >= n;
const say = async (text: string): Promise<void> => {
  console.log(`caller     > ${text}`);
  await agent.send(text);
};

console.log('Voice concierge (offline demo model: typed turns, no audio)\n');
const agent = createConcierge({ model: conciergeDemoModel(), searchMs: 1_500 });
await agent.start();
const printed = print(agent.receive());
await say('Find me an Italian restaurant for tonight.');
await say('Great, please book one.');
await until(groupsDone(2)); // the handoff and the search (which finished after it)
await say('Book Trattoria Roma at 8 for two.');
await until(groupsDone(3));
await agent.stop();
await printed;
