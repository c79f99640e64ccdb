const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/;

/**
 * Checks a table-name option (letters, digits and `_`, not starting with a digit, at most 40
 * characters) so it can be placed in SQL as it is; anything else is refused with what is allowed.
 */
export function checkTableName(option: string, name: string): string {
  if (!IDENTIFIER.test(name)) {
    throw new TypeError(
      `${option}: ${JSON.stringify(name)} is not a usable table name; use letters, digits and "_" (not starting with a digit, at most 40 characters).`,
    );
  }
  return name;
}
