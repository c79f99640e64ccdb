const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The readable text of an HTML page: scripts, styles and comments dropped, block elements as line
 * breaks, tags removed, entities decoded, runs of blank space collapsed.
 *
 * @example
 * ```ts
 * htmlToText('<h1>Hi</h1><p>a &amp; b</p>'); // 'Hi\na & b'
 * ```
 *
 * @category Built-in tools
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr|\/section|\/article|\/header|\/footer|\/title)\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => decodeEntity(whole, name))
    .replace(/[ \t\f\v\r]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function decodeEntity(whole: string, name: string): string {
  if (name.startsWith('#x') || name.startsWith('#X')) return safeCodePoint(Number.parseInt(name.slice(2), 16), whole);
  if (name.startsWith('#')) return safeCodePoint(Number.parseInt(name.slice(1), 10), whole);
  return ENTITIES[name.toLowerCase()] ?? whole;
}

function safeCodePoint(code: number, fallback: string): string {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : fallback;
}
