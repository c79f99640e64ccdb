// The conformance suite holds core's in-memory store to the same contract as the database stores.
import { memorySessionStore } from '@tandem/core';
import { describe, it } from 'vitest';
import { runSessionStoreConformance } from './testing/index.js';

runSessionStoreConformance('memorySessionStore (from @tandem/core)', { describe, it, makeStore: () => memorySessionStore() });
