import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileTokenStorage } from './file-token-storage.js';

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
