type Role = 'user' | 'assistant';

const MAX_ENTRIES = 200;

/**
 * The live transcript: each utterance is one entry, shown while it grows (`data-final="false"`) and
 * marked final when the model says so. Typed turns appear as final user entries.
 */
export class TranscriptView {
  private readonly list: HTMLElement;
  private readonly open = new Map<Role, HTMLElement>();
  private lastAssistant: HTMLElement | undefined;

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
      entry = this.add(role);
      this.open.set(role, entry);
    }
    this.textOf(entry).textContent += delta;
    if (final) {
      entry.dataset.final = 'true';
      this.open.delete(role);
    }
    this.scroll();
  }

  /** The user talked over the assistant: mark what it was saying as cut off. */
  interrupted(): void {
    const entry = this.open.get('assistant') ?? this.lastAssistant;
    if (entry !== undefined) entry.dataset.interrupted = 'true';
  }

  /** Closes utterances left open (the connection ended). */
  closeAll(): void {
    for (const entry of this.open.values()) entry.dataset.final = 'true';
    this.open.clear();
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
