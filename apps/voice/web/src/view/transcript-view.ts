type Role = 'user' | 'assistant';

const MAX_ENTRIES = 200;

/**
 * The live transcript: each utterance is one entry, shown while it grows (`data-final="false"`) and
 * marked final when the model says so. Typed turns appear as final user entries. Speech the page heard
 * whose words have not arrived yet shows as "(spoke 1.2 s)" (`data-pending="true"`) until the user's
 * transcript fills that entry. A cut-off answer is labelled "interrupted".
 */
export class TranscriptView {
  private readonly list: HTMLElement;
  private readonly open = new Map<Role, HTMLElement>();
  private lastAssistant: HTMLElement | undefined;
  /** Placeholders of speech whose transcript has not arrived, oldest first. */
  private readonly pending: HTMLElement[] = [];
  /** Whether a user transcript began since the current stretch of speech began. */
  private heardWords = false;

  constructor(list: HTMLElement) {
    this.list = list;
  }

  /** A turn the user typed. */
  typed(text: string): void {
    const entry = this.add('user');
    entry.dataset.source = 'typed';
    this.textOf(entry).textContent = text;
    entry.dataset.final = 'true';
  }

  /** A transcript delta from the server. */
  delta(role: Role, delta: string, final: boolean): void {
    let entry = this.open.get(role);
    if (entry === undefined) {
      if (delta === '' && final) return; // an empty closing delta of an utterance already closed
      entry = role === 'user' ? this.fillPending() : undefined;
      entry ??= this.add(role);
      this.open.set(role, entry);
    }
    if (role === 'user') this.heardWords = true;
    this.textOf(entry).textContent += delta;
    if (final) {
      entry.dataset.final = 'true';
      this.open.delete(role);
    }
    this.scroll();
  }

  /** The user talked over the assistant: mark what it was saying as cut off, in words too. */
  interrupted(): void {
    const entry = this.open.get('assistant') ?? this.lastAssistant;
    if (entry === undefined || entry.dataset.interrupted === 'true') return;
    entry.dataset.interrupted = 'true';
    const label = document.createElement('span');
    label.className = 'label';
    label.textContent = 'interrupted';
    entry.append(label);
  }

  /** The page heard the user start speaking (its microphone level). */
  speechStarted(): void {
    this.heardWords = this.open.has('user');
  }

  /**
   * The page heard the user stop after `durationMs` of speech. Unless their words already showed, an entry
   * "(spoke 1.2 s)" stands for them until the transcript arrives.
   */
  speechEnded(durationMs: number): void {
    if (this.heardWords) return;
    const entry = this.add('user');
    entry.dataset.pending = 'true';
    this.textOf(entry).textContent = `(spoke ${(durationMs / 1000).toFixed(1)} s)`;
    this.pending.push(entry);
  }

  /** The oldest placeholder, emptied for the transcript that arrived; `undefined` when none waits. */
  private fillPending(): HTMLElement | undefined {
    const entry = this.pending.shift();
    if (entry === undefined || !entry.isConnected) return undefined;
    delete entry.dataset.pending;
    this.textOf(entry).textContent = '';
    return entry;
  }

  /** Closes utterances left open (the connection ended); speech whose words never came stays as it was shown. */
  closeAll(): void {
    for (const entry of this.open.values()) entry.dataset.final = 'true';
    this.open.clear();
    for (const entry of this.pending) entry.dataset.final = 'true';
    this.pending.length = 0;
  }

  private add(role: Role): HTMLElement {
    const entry = document.createElement('li');
    entry.className = 'entry';
    entry.dataset.role = role;
    entry.dataset.final = 'false';
    const who = document.createElement('span');
    who.className = 'who';
    who.textContent = role === 'user' ? 'You' : 'Assistant';
    const text = document.createElement('span');
    text.className = 'text';
    entry.append(who, text);
    this.list.append(entry);
    if (role === 'assistant') this.lastAssistant = entry;
    while (this.list.children.length > MAX_ENTRIES) this.list.firstElementChild?.remove();
    this.scroll();
    return entry;
  }

  private textOf(entry: HTMLElement): HTMLElement {
    return entry.querySelector('.text') as HTMLElement;
  }

  private scroll(): void {
    this.list.scrollTop = this.list.scrollHeight;
  }
}
