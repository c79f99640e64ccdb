// Shared vitest setup: a test file fails if anything piles more than ten listeners on one AbortSignal
// (Node's MaxListenersExceededWarning) — the symptom of a per-task listener on a long-lived signal.
import { afterAll, expect } from 'vitest';

const leaks: string[] = [];
const onWarning = (warning: Error): void => {
  if (warning.name === 'MaxListenersExceededWarning') leaks.push(`${warning.message}\n${warning.stack ?? ''}`);
};
process.on('warning', onWarning);

afterAll(async () => {
  // Warnings are emitted on the next tick; let them arrive before judging.
  await new Promise((resolve) => setImmediate(resolve));
  process.off('warning', onWarning);
  expect(leaks, 'listeners piled up on one signal').toEqual([]);
});
