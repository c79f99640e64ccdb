// `tandem voice` on the offline demo bidi model: typed turns in, text out; and --audio without sox.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, cleanEnv, runCli, TEST_TOOLS } from '../__fixtures__/cli.js';

let dir: string;
beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'tandem-voice-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('tandem voice', () => {
  it('answers typed turns, runs the tools they name as a group, narrates the results, and ends with the input', async () => {
    const result = await runCli(['voice', '--tools', TEST_TOOLS], { cwd: dir, input: 'hello\nquick_echo and current_time text=hi\n' });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/tandem voice · model demo:offline/);
    expect(result.stderr).toMatch(/offline demo model answers typed turns by fixed rules/);
    expect(result.stdout).toContain('You said: "hello".');
    expect(result.stdout).toContain('Calling quick_echo and current_time at the same time, as one tool group.');
    expect(result.stdout).toContain('[tool quick_echo {"text":"hi"}]');
    expect(result.stdout).toContain('[tool quick_echo success: echo: hi]');
    expect(result.stdout).toMatch(/The tools returned:\n- quick_echo: echo: hi\n- current_time: /);
    expect(result.stdout).toMatch(/\[conversation ended: complete\]\n$/);
  });

  it('--audio without sox on PATH says what to install (exit 2)', async () => {
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    symlinkSync(process.execPath, join(bin, 'node'));
    const result = await runCli(['voice', '--audio'], { cwd: dir, env: cleanEnv({ PATH: bin }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--audio needs sox’s rec and play on PATH \(Debian\/Ubuntu: sudo apt install sox; macOS: brew install sox\)/);
  });
});
