/**
 * Milliseconds of a protobuf `Duration` in its JSON form (`"12s"`, `"0.5s"`, `"1.000340012s"`);
 * `undefined` when the text is not one. @internal
 */
export function parseDurationMs(text: string | undefined): number | undefined {
  const match = /^(\d+(?:\.\d+)?)s$/.exec(text?.trim() ?? '');
  if (match?.[1] === undefined) return undefined;
  return Math.round(Number(match[1]) * 1000);
}
