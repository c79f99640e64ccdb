/**
 * Removes trailing slashes, so `${baseURL}/path` never has a double slash.
 *
 * @example
 * ```ts
 * withoutTrailingSlash('https://api.openai.com/v1/'); // 'https://api.openai.com/v1'
 * ```
 *
 * @category Utilities
 */
export function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
