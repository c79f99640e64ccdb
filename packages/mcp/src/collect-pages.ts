const MAX_PAGES = 1000;

/**
 * Follows `nextCursor` until the last page, concatenating items. Stops on a repeated cursor so a
 * misbehaving server cannot loop forever.
 * @internal
 */
export async function collectPages<Page extends { readonly nextCursor?: string | undefined }, Item>(
  fetchPage: (cursor: string | undefined) => Promise<Page>,
  itemsOf: (page: Page) => readonly Item[],
): Promise<Item[]> {
  const items: Item[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const result = await fetchPage(cursor);
    items.push(...itemsOf(result));
    cursor = result.nextCursor;
    if (cursor === undefined || seen.has(cursor)) break;
    seen.add(cursor);
  }
  return items;
}
