import { describe, expect, it } from 'vitest';
import { splitCommandLine } from './split-command-line.js';

describe('splitCommandLine', () => {
  it('splits words and keeps quoted spaces', () => {
    expect(splitCommandLine(`npx -y @modelcontextprotocol/server-filesystem '/my files' "a b"`)).toEqual([
      'npx',
      '-y',
      '@modelcontextprotocol/server-filesystem',
      '/my files',
      'a b',
    ]);
  });

  it('handles escapes, adjacent quotes and empty quoted words', () => {
    expect(splitCommandLine(String.raw`say \"hi\" "x\"y" 'it'"'"'s' ''`)).toEqual(['say', '"hi"', 'x"y', "it's", '']);
  });

  it('expands nothing', () => {
    expect(splitCommandLine('echo $HOME ~ *.js')).toEqual(['echo', '$HOME', '~', '*.js']);
  });

  it('rejects an unterminated quote and an empty line', () => {
    expect(() => splitCommandLine('node "server.js')).toThrow(/unterminated " quote/);
    expect(() => splitCommandLine('   ')).toThrow(/empty command line/);
  });
});
