import { spawn } from 'node:child_process';
import { findExecutable } from '../voice/find-executable.js';

/** A command that opens a URL in the browser. */
interface Opener {
  readonly command: string;
  readonly args: readonly string[];
}

/**
 * The platform's way to open `url`: `open` on macOS, the URL protocol handler on Windows (what `start`
 * uses, called without a shell so `&` and `%` in the URL stay as they are), `xdg-open` elsewhere — only
 * when a graphical session is there (`DISPLAY` or `WAYLAND_DISPLAY`), so nothing starts on a server or in CI.
 *
 * @example
 * ```ts
 * browserOpener('https://as.example/authorize?…', process.env, process.platform);
 * ```
 */
export function browserOpener(url: string, env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Opener | undefined {
  if (platform === 'win32') return { command: 'rundll32.exe', args: ['url.dll,FileProtocolHandler', url] };
  if (platform === 'darwin') {
    const open = findExecutable('open', env);
    return open === undefined ? undefined : { command: open, args: [url] };
  }
  const display = (env['DISPLAY'] ?? '') !== '' || (env['WAYLAND_DISPLAY'] ?? '') !== '';
  const xdg = display ? findExecutable('xdg-open', env) : undefined;
  return xdg === undefined ? undefined : { command: xdg, args: [url] };
}

/**
 * Opens `url` in the browser when the platform has a way to (see {@link browserOpener}); never fails and
 * never waits. Resolves whether an opener was started.
 *
 * @example
 * ```ts
 * if (!openBrowser(url.href)) console.error('Open the URL above in a browser.');
 * ```
 */
export function openBrowser(url: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  const opener = browserOpener(url, env, platform);
  if (opener === undefined) return false;
  try {
    const child = spawn(opener.command, opener.args, { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
    return true;
  } catch {
    return false;
  }
}
