/**
 * The default `onAuthorizationUrl`: prints the URL to stderr for a person to open (a library never
 * starts a browser by itself). The URL carries no secret: only the client ID, the PKCE challenge and `state`.
 * @internal
 */
export function showAuthorizationUrl(url: URL): void {
  const text = `\nTo authorize access to the MCP server, open this URL in a browser on this machine:\n\n  ${url.href}\n\n`;
  const stderr = (globalThis as { process?: { stderr?: { write(text: string): unknown } } }).process?.stderr;
  if (stderr !== undefined) stderr.write(text);
  else console.warn(text);
}
