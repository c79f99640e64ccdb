// Tandem demo: an Agent streams a run whose tools work concurrently — fully offline, on a scripted model.
// Run it with `pnpm demo` from the repository root.
import { Agent, userMessage } from '@tandem/core';
import { ScriptedModel, textResponse, toolCallResponse } from '@tandem/core/testing';

const sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

// Three tools that each take a while. The model asks for all three in one response (one tool group),
// so they run at the same time: the whole group takes ~600 ms, not ~1500 ms.
const forecast = {
  kind: 'function',
  name: 'forecast',
  spec: { description: 'Weather forecast for a city.', params: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  async execute({ city }, ctx) {
    await sleep(600, ctx.signal);
    return { city, forecast: 'sunny', highC: 24 };
  },
};
const flights = {
  kind: 'function',
  name: 'flights',
  spec: { description: 'Cheapest flight to a city.', params: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] } },
  async execute({ to }, ctx) {
    ctx.progress(`searching flights to ${to}…`);
    await sleep(400, ctx.signal);
    return `OSL → ${to}: 79 EUR, Friday 08:10`;
  },
};
const hotels = {
  kind: 'function',
  name: 'hotels',
  spec: { description: 'A hotel in a city.', params: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  async execute({ city }, ctx) {
    await sleep(500, ctx.signal);
    return `Hotel Tandem, ${city}: 4.6★, 110 EUR/night`;
  },
};

const model = new ScriptedModel({
  partDelayMs: 15,
  responses: [
    toolCallResponse(
      [
        { name: 'forecast', input: { city: 'Lisbon' } },
        { name: 'flights', input: { to: 'Lisbon' } },
        { name: 'hotels', input: { city: 'Lisbon' } },
      ],
      { text: 'Let me check the weather, flights and hotels at once. ', chunkSize: 6 },
    ),
    (request) => {
      const results = request.messages.at(-1).parts.map((part) => part.result);
      const weather = results[0];
      return textResponse(
        `Lisbon this weekend: ${weather.forecast}, up to ${weather.highC}°C. ${results[1]}. Stay at ${results[2]}. Have a great trip!`,
        { chunkSize: 5 },
      );
    },
  ],
});

const agent = new Agent({ tools: [forecast, flights, hotels], system: 'You are a travel assistant.' });
const started = Date.now();
const at = () => `${String(Date.now() - started).padStart(5)} ms`;

console.log('Tandem demo — offline scripted model, three tools in one concurrent group\n');
const run = agent.run(model, [userMessage('Plan a weekend in Lisbon for me.')]);
let groupStart;
let groupEnd;
let midLine = false; // text was written without a newline yet
const line = (text) => {
  if (midLine) process.stdout.write('\n');
  midLine = false;
  console.log(text);
};
for await (const event of run) {
  switch (event.type) {
    case 'text-delta':
      process.stdout.write(event.chunk);
      midLine = true;
      break;
    case 'tool-end':
      groupStart ??= Date.now();
      line(`${at()}  ▶ ${event.toolCall.toolName}(${event.toolCall.toolArgs})`);
      break;
    case 'step-end':
      break;
    case 'partial-tool-call-result':
      line(`${at()}  … ${event.toolName}: ${event.value}`);
      break;
    case 'tool-call-result':
      groupEnd = Date.now();
      for (const result of event.results) line(`${at()}  ✔ ${result.toolName} → ${JSON.stringify(result.result)}`);
      break;
    case 'step-start':
      if (event.step > 1) line('');
      break;
  }
}
const { stopReason, usage, steps } = await run.result;
line('');
console.log(`The tool group took ${groupEnd - groupStart} ms — the three tools together need 1500 ms one after another.`);
console.log(`stopReason: ${stopReason} · steps: ${steps.length} · tokens in/out: ${usage.inputTokens}/${usage.outputTokens} · ${at()}`);
