import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserOpener } from './open-browser.js';

const bin = mkdtempSync(join(tmpdir(), 'tandem-opener-'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));
for (const name of ['xdg-open', 'open']) {
  writeFileSync(join(bin, name), '#!/bin/sh\n');
  chmodSync(join(bin, name), 0o755);
}
const url = 'https://as.example/authorize?client_id=a&state=b%20c';

describe('browserOpener', () => {
  it('uses xdg-open on Linux only when a graphical session is there', () => {
    expect(browserOpener(url, { PATH: bin }, 'linux')).toBeUndefined();
    expect(browserOpener(url, { PATH: bin, DISPLAY: ':0' }, 'linux')).toEqual({ command: join(bin, 'xdg-open'), args: [url] });
    expect(browserOpener(url, { PATH: bin, WAYLAND_DISPLAY: 'wayland-0' }, 'freebsd')).toEqual({ command: join(bin, 'xdg-open'), args: [url] });
    expect(browserOpener(url, { PATH: join(bin, 'none'), DISPLAY: ':0' }, 'linux')).toBeUndefined();
  });

  it('uses open on macOS and the URL handler on Windows, the URL as one argument (no shell)', () => {
    expect(browserOpener(url, { PATH: bin }, 'darwin')).toEqual({ command: join(bin, 'open'), args: [url] });
    expect(browserOpener(url, {}, 'win32')).toEqual({ command: 'rundll32.exe', args: ['url.dll,FileProtocolHandler', url] });
  });
});
