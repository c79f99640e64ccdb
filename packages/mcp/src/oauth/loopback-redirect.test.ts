// The loopback listener of the browser flow: loopback only, `state` checked, closed after use, on abort
// and on timeout.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpOAuthTimeoutError } from '../errors/mcp-oauth-error.js';
import { LoopbackRedirect } from './loopback-redirect.js';

const server = 'http://127.0.0.1:1/mcp';

async function isListening(url: URL): Promise<boolean> {
  try {
    await (await fetch(url)).text();
    return true;
  } catch {
    return false;
  }
}

describe('LoopbackRedirect', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('binds 127.0.0.1 on a free port and refuses a redirect whose state does not match', async () => {
    const listener = await LoopbackRedirect.open({ redirectUrl: new URL('http://127.0.0.1/callback'), server });
    expect(listener.url.hostname).toBe('127.0.0.1');
    expect(Number(listener.url.port)).toBeGreaterThan(0);
    listener.expect('expected-state');
    const waiting = listener.wait({ timeoutMs: 60_000, server });

    const forged = await fetch(new URL('?code=stolen&state=forged', listener.url));
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('does not match');
    const elsewhere = await fetch(new URL('/other?code=x&state=expected-state', listener.url));
    expect(elsewhere.status).toBe(404);

    const good = await fetch(new URL('?code=the-code&state=expected-state', listener.url));
    expect(good.status).toBe(200);
    await good.text();
    await expect(waiting).resolves.toEqual({ code: 'the-code' });
    // One redirect per state: a replay is refused.
    expect((await fetch(new URL('?code=again&state=expected-state', listener.url))).status).toBe(400);
    listener.close();
    expect(await isListening(listener.url)).toBe(false);
  });

  it('hands back an error redirect (the user declined)', async () => {
    const listener = await LoopbackRedirect.open({ redirectUrl: new URL('http://127.0.0.1/cb'), server });
    listener.expect('s1');
    const waiting = listener.wait({ timeoutMs: 60_000, server });
    await (await fetch(new URL('?error=access_denied&error_description=no%20thanks&state=s1', listener.url))).text();
    await expect(waiting).resolves.toEqual({ error: 'access_denied', description: 'no thanks' });
    listener.close();
  });

  it('stops listening when the wait is aborted', async () => {
    const listener = await LoopbackRedirect.open({ redirectUrl: new URL('http://127.0.0.1/callback'), server });
    listener.expect('s');
    const controller = new AbortController();
    const waiting = listener.wait({ signal: controller.signal, timeoutMs: 60_000, server });
    expect(await isListening(listener.url)).toBe(true);
    const reason = new Error('caller gave up');
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(await isListening(listener.url)).toBe(false);
  });

  it('times out with a typed error and stops listening', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const listener = await LoopbackRedirect.open({ redirectUrl: new URL('http://127.0.0.1/callback'), server });
    listener.expect('s');
    const waiting = listener.wait({ timeoutMs: 120_000, server });
    const settled = expect(waiting).rejects.toSatisfy((error) => McpOAuthTimeoutError.isInstance(error) && error.code === 'MCP_OAUTH_REDIRECT_TIMEOUT');
    await vi.advanceTimersByTimeAsync(120_000);
    await settled;
    vi.useRealTimers();
    expect(await isListening(listener.url)).toBe(false);
  });

  it('refuses a redirect URL that is not loopback http', async () => {
    await expect(LoopbackRedirect.open({ redirectUrl: new URL('https://example.com/callback'), server })).rejects.toMatchObject({
      code: 'MCP_OAUTH_INVALID_OPTIONS',
    });
  });
});
