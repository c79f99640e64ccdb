const DELIVERIES: readonly unknown[] = ['when-idle', 'interrupt', 'silent'];

/**
 * Checks a tool's `delivery` (how a voice session delivers its result): absent, or one of
 * `'when-idle'`, `'interrupt'`, `'silent'`. Throws a `TypeError` that starts with `label` otherwise.
 *
 * @example
 * ```ts
 * import { assertToolDelivery } from '@tandem/core/runtime';
 * assertToolDelivery('tool "alarm"', options.delivery); // throws for 'later'
 * ```
 *
 * @category Utilities
 */
export function assertToolDelivery(label: string, delivery: unknown): void {
  if (delivery === undefined || DELIVERIES.includes(delivery)) return;
  throw new TypeError(`${label}: \`delivery\` must be 'when-idle', 'interrupt' or 'silent', got ${JSON.stringify(delivery)}.`);
}
