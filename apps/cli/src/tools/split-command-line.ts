/**
 * Splits a command line (`--mcp "npx -y server --root '/my files'"`) into words the way a POSIX shell
 * would for plain words and quotes: whitespace separates words, '…' keeps everything literally, "…"
 * keeps spaces (and allows \" and \\), and a backslash outside quotes escapes the next character.
 * Nothing is expanded; there is no shell.
 *
 * @throws Error for an unterminated quote or an empty command line.
 * @example
 * ```ts
 * splitCommandLine(`node server.js --name "my server"`); // ['node', 'server.js', '--name', 'my server']
 * ```
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let quote: '"' | "'" | undefined;
  for (let index = 0; index < line.length; index++) {
    const character = line[index] as string;
    if (quote === "'") {
      if (character === "'") quote = undefined;
      else word += character;
    } else if (quote === '"') {
      if (character === '"') quote = undefined;
      else if (character === '\\' && (line[index + 1] === '"' || line[index + 1] === '\\')) word += line[++index];
      else word += character;
    } else if (character === "'" || character === '"') {
      quote = character;
      inWord = true;
    } else if (character === '\\' && index + 1 < line.length) {
      word += line[++index];
      inWord = true;
    } else if (/\s/.test(character)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += character;
      inWord = true;
    }
  }
  if (quote !== undefined) throw new Error(`unterminated ${quote} quote in: ${line}`);
  if (inWord) words.push(word);
  if (words.length === 0) throw new Error('empty command line');
  return words;
}
