import type { Attributes } from '@opentelemetry/api';
import type { GuardrailTraceInfo } from '@tandem/core';
import { ATTR } from './attributes.js';
import { errorType } from './error-type.js';
import type { OtelConfig } from './otel-config.js';

/** The span event of one guardrail check (on the `invoke_agent` or `bidi_session` span). */
export const GUARDRAIL_EVENT = 'guardrail';

/**
 * A check's span event attributes: name, stage, tripwire, `error.type` for a throwing check, and the
 * reason only with `recordContent` (a reason may quote what the user or model said).
 */
export function guardrailAttributes(config: OtelConfig, check: GuardrailTraceInfo): Attributes {
  const attributes: Attributes = {
    [ATTR.guardrailName]: check.name,
    [ATTR.guardrailStage]: check.stage,
    [ATTR.guardrailTripwire]: check.tripwire,
  };
  if (check.error !== undefined) attributes[ATTR.errorType] = errorType(check.error);
  if (config.recordContent && check.reason !== undefined) attributes[ATTR.reason] = check.reason;
  return attributes;
}
