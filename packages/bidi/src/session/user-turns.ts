/**
 * The completed user turns of a conversation (final user transcripts and typed turns), counted — late
 * results and spoken approvals ask "has the user spoken since?" — with their words. @internal
 */
export class UserTurns {
  private readonly texts: string[] = [];

  /** How many user turns completed so far. */
  get count(): number {
    return this.texts.length;
  }

  add(text: string): void {
    this.texts.push(text);
  }

  /** What the user said in the turns after the first `count`. */
  since(count: number): string {
    return this.texts.slice(count).join(' ').trim();
  }
}
