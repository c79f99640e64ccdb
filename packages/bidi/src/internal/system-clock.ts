import { sleep } from '@tandem/core';
import type { Clock } from '@tandem/core/testing';

/** Real time (follows vitest fake timers too). @internal */
export const realClock: Clock = { now: () => Date.now(), sleep };
