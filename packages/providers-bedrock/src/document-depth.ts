import { InvalidRequestError } from '@tandem/provider-utils';

/**
 * The deepest JSON document (tool input, JSON tool result, input schema) sent to Bedrock. The AWS SDK
 * serializes documents recursively, so a deeper one (a model can produce tool arguments nested
 * thousands of levels deep) would overflow the call stack inside the SDK.
 */
export const MAX_DOCUMENT_DEPTH = 1000;

/**
 * Returns `value` when it is nested at most {@link MAX_DOCUMENT_DEPTH} levels deep (measured without
 * recursion); otherwise throws an `InvalidRequestError` naming `what` and the limit.
 * @internal
 */
export function checkedDocument<T>(value: T, what: string): T {
  const stack: { readonly value: unknown; readonly depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= MAX_DOCUMENT_DEPTH) {
      throw new InvalidRequestError({
        provider: 'bedrock',
        message: `${what} is nested more than ${MAX_DOCUMENT_DEPTH} levels deep, more than the AWS SDK can send to Bedrock. Drop or shorten it (for example in a beforeModelCall hook) before calling the model again.`,
      });
    }
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return value;
}
