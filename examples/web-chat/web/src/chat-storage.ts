import type { UIMessage } from 'ai';

/** The chat id lives in the URL hash, so a reload (or a shared link) opens the same chat. */
export function chatId(): string {
  const fromHash = location.hash.slice(1);
  if (fromHash !== '') return fromHash;
  const id = `chat_${crypto.randomUUID().slice(0, 8)}`;
  history.replaceState(null, '', `#${id}`);
  return id;
}

/** Messages are kept in localStorage per chat; a reload shows them and resumes the stream still running. */
export function loadMessages(id: string): UIMessage[] {
  try {
    return JSON.parse(localStorage.getItem(`web-chat:${id}`) ?? '[]') as UIMessage[];
  } catch {
    return [];
  }
}

export function saveMessages(id: string, messages: readonly UIMessage[]): void {
  localStorage.setItem(`web-chat:${id}`, JSON.stringify(messages));
}
