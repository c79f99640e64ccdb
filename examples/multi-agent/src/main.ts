// Support triage, offline: two customer turns in one session. Run: pnpm --filter @tandem/example-multi-agent start
import { memorySessionStore } from '@tandem/core';
import { supportTeam } from './support-agents.js';
import { triageModel } from './triage-model.js';

const { router } = supportTeam();
const model = triageModel();
const session = { store: memorySessionStore(), id: 'customer-7' };

for (const turn of ['Hi, I was charged twice for INV-1042.', 'Can I get a refund for the extra charge on INV-1042?']) {
  console.log(`\ncustomer: ${turn}`);
  // Every turn starts at the router; the session remembers who the customer was talking to.
  const run = router.run(model, turn, { session });
  for await (const event of run) {
    if (event.type === 'handoff') console.log(`  ↪ ${event.from} → ${event.to}`);
    if (event.type === 'tool-call-start' && !event.toolName.startsWith('transfer_to_')) console.log(`  [${String(event.agentName)}] ${event.toolName}(${JSON.stringify(event.input)})`);
  }
  const { text, lastAgent } = await run.result;
  console.log(`${lastAgent.name}: ${text}`);
}
