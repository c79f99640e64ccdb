import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { TOKEN_WRITER_FIXTURE } from '../__fixtures__/fixture-paths.js';
import { fileTokenStorage } from './file-token-storage.js';

/** Runs the token-writer fixture; resolves with its exit code and stderr. */
function writer(file: string, id: string, count: number): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TOKEN_WRITER_FIXTURE, file, id, String(count)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

describe('fileTokenStorage', () => {
  const dirs: string[] = [];
  const scratch = (): string => {
    const dir = mkdtempSync(join(tmpdir(), 'tandem-oauth-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('loses no record when several processes write the file at once', async () => {
    const path = join(scratch(), 'shared', 'mcp-oauth.json');
    const writers = ['a', 'b', 'c', 'd', 'e', 'f'];
    const count = 15;
    const outcomes = await Promise.all(writers.map((id) => writer(path, id, count)));
    expect(outcomes).toEqual(writers.map(() => ({ code: 0, stderr: '' })));
    const saved = Object.keys((JSON.parse(readFileSync(path, 'utf8')) as { servers: Record<string, unknown> }).servers).sort();
    const expected = writers.flatMap((id) => Array.from({ length: count }, (_, index) => `https://${id}-${String(index)}.example/mcp`)).sort();
    expect(saved).toEqual(expected);
    expect(readdirSync(join(path, '..')).sort()).toEqual(['mcp-oauth.json']);
  });

  it('takes over a lock left by a process that died', async () => {
    const path = join(scratch(), 'mcp-oauth.json');
    // The pid of a process that has exited.
    const dead = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.once('exit', () => resolve(child.pid as number));
    });
    writeFileSync(`${path}.lock`, JSON.stringify({ pid: dead, token: 'left-behind' }));
    await fileTokenStorage(path).save('https://a.example/mcp', { clientInformation: { client_id: 'a' } });
    await expect(fileTokenStorage(path).load('https://a.example/mcp')).resolves.toEqual({ clientInformation: { client_id: 'a' } });
    expect(readdirSync(join(path, '..'))).toEqual(['mcp-oauth.json']);
  });

  it('writes a 0600 file (in a 0700 folder it creates) and reads records back per server', async () => {
    const path = join(scratch(), 'nested', 'mcp-oauth.json');
    const storage = fileTokenStorage(path);
    await storage.save('https://a.example/mcp', { tokens: { access_token: 'A', token_type: 'Bearer' }, expiresAt: 10 });
    await storage.save('https://b.example/mcp', { clientInformation: { client_id: 'b-client' } });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, '..')).mode & 0o777).toBe(0o700);
    await expect(fileTokenStorage(path).load('https://a.example/mcp')).resolves.toEqual({
      tokens: { access_token: 'A', token_type: 'Bearer' },
      expiresAt: 10,
    });
    await storage.remove('https://a.example/mcp');
    await expect(storage.load('https://a.example/mcp')).resolves.toBeUndefined();
    await expect(storage.load('https://b.example/mcp')).resolves.toEqual({ clientInformation: { client_id: 'b-client' } });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('replaces the file atomically: concurrent saves all land and no temporary file is left', async () => {
    const dir = scratch();
    const path = join(dir, 'tokens.json');
    writeFileSync(path, '{"version":1,"servers":{}}', { mode: 0o644 });
    const storage = fileTokenStorage(path);
    await Promise.all(Array.from({ length: 10 }, (_, i) => storage.save(`https://s${i}.example/mcp`, { expiresAt: i })));
    const file = JSON.parse(readFileSync(path, 'utf8')) as { servers: Record<string, unknown> };
    expect(Object.keys(file.servers)).toHaveLength(10);
    expect(readdirSync(dir)).toEqual(['tokens.json']);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('refuses to overwrite a file that is not valid JSON', async () => {
    const path = join(scratch(), 'tokens.json');
    writeFileSync(path, 'not json');
    await expect(fileTokenStorage(path).save('https://a.example/mcp', {})).rejects.toThrow(/not valid JSON/);
    expect(readFileSync(path, 'utf8')).toBe('not json');
  });
});
