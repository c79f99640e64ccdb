import type { Usage } from '../spec/language-model/v1/usage.js';
import { addUsage } from '../util/usage.js';
import type { RunProgress } from './run-context.js';

/** Adds a step's usage to the run's. @internal */
export function addStepUsage(progress: RunProgress, usage: Usage): void {
  progress.usage = addUsage(progress.usage, usage);
}
