import type { RunTrace } from '../telemetry/telemetry.js';
import type { LoopConfig } from './run-context.js';

/** Starts the run's trace when the agent has telemetry. @internal */
export function startRunTrace(config: LoopConfig): RunTrace | undefined {
  const telemetry = config.options.telemetry;
  if (telemetry === undefined) return undefined;
  try {
    return telemetry.startRun({
      runId: config.runId,
      agentName: config.options.name ?? 'agent',
      model: { provider: config.model.provider, modelId: config.model.modelId },
      ...(config.options.system === undefined ? {} : { system: config.options.system }),
      messages: config.state.messages,
    });
  } catch {
    return undefined;
  }
}

/** Runs a telemetry call; whatever it throws is swallowed, so tracing never breaks a run. @internal */
export function traceSafely<T>(call: () => T): T | undefined {
  try {
    return call();
  } catch {
    return undefined;
  }
}
