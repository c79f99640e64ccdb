import { tandemContender } from './contenders/tandem.js';
import { toolCallScenario, echoTool } from './scenario.js';
const k = Number(process.argv[2] ?? 100);
const r = await tandemContender().runner(toolCallScenario(k, echoTool()));
for (let i = 0; i < 50; i++) await r.run();
const samples: number[] = [];
for (let i = 0; i < 300; i++) { const t = performance.now(); await r.run(); samples.push(performance.now() - t); }
samples.sort((a, b) => a - b);
console.error('K', k, 'median ms', samples[150]!.toFixed(3), 'p10', samples[30]!.toFixed(3), 'p90', samples[270]!.toFixed(3));
