import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, isToolUIPart, lastAssistantMessageIsCompleteWithApprovalResponses, lastAssistantMessageIsCompleteWithToolCalls, type UIMessage } from 'ai';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { chatId, loadMessages, saveMessages } from './chat-storage.js';
import { ToolPart, type AnyToolPart } from './tool-part.js';

type Part = UIMessage['parts'][number];

/** Splits a message's parts into steps (at `step-start`), so the tool calls of one step show side by side. */
function steps(parts: readonly Part[]): Part[][] {
  const out: Part[][] = [[]];
  for (const part of parts) {
    if (part.type === 'step-start') out.push([]);
    else out[out.length - 1]?.push(part);
  }
  return out.filter((step) => step.length > 0);
}

export function App() {
  const id = useMemo(chatId, []);
  const [model, setModel] = useState('');
  const [input, setInput] = useState('');
  const { messages, sendMessage, status, error, addToolOutput, addToolApprovalResponse } = useChat({
    id,
    messages: loadMessages(id),
    resume: true,
    transport: new DefaultChatTransport({ api: '/api/chat' }),
    sendAutomaticallyWhen: (options) => lastAssistantMessageIsCompleteWithToolCalls(options) || lastAssistantMessageIsCompleteWithApprovalResponses(options),
    // The client-side tool: the server's agent declares it without `execute`; the page answers it.
    onToolCall: ({ toolCall }) => {
      if (toolCall.toolName === 'browser_location') {
        void addToolOutput({ tool: 'browser_location', toolCallId: toolCall.toolCallId, output: { city: 'Oslo', source: 'the browser' } });
      }
    },
  });

  useEffect(() => saveMessages(id, messages), [id, messages]);
  useEffect(() => {
    void fetch('/api/info')
      .then((response) => response.json() as Promise<{ model: string }>)
      .then((info) => setModel(info.model));
  }, []);

  const submit = (event: FormEvent): void => {
    event.preventDefault();
    if (input.trim() === '') return;
    void sendMessage({ text: input });
    setInput('');
  };
  const stop = (): void => void fetch(`/api/chat/${encodeURIComponent(id)}/stream`, { method: 'DELETE' });

  return (
    <main>
      <header>
        <h1>Tandem web chat</h1>
        <span id="model">{model}</span>
        <span id="status">{status}</span>
      </header>
      <ol id="messages">
        {messages.map((message) => (
          <li key={message.id} className={`message ${message.role}`} data-role={message.role}>
            {steps(message.parts).map((step, index) => (
              <div className="step" key={index}>
                {step.some(isToolUIPart) && (
                  <div className="tool-group">
                    {step.filter(isToolUIPart).map((part) => (
                      <ToolPart key={part.toolCallId} part={part as AnyToolPart} onAnswer={(approvalId, approved) => void addToolApprovalResponse({ id: approvalId, approved })} />
                    ))}
                  </div>
                )}
                {step.map((part, at) =>
                  part.type === 'text' ? (
                    <p className="text" key={at}>
                      {part.text}
                    </p>
                  ) : part.type === 'reasoning' ? (
                    <p className="reasoning" key={at}>
                      {part.text}
                    </p>
                  ) : null,
                )}
              </div>
            ))}
          </li>
        ))}
      </ol>
      {error !== undefined && <p id="error">{error.message}</p>}
      <form onSubmit={submit}>
        <input id="prompt" value={input} onChange={(event) => setInput(event.target.value)} placeholder="Try: weather and research topic=whales" autoFocus />
        <button id="send" type="submit" disabled={status === 'submitted' || status === 'streaming'}>
          Send
        </button>
        <button id="stop" type="button" onClick={stop} disabled={status !== 'submitted' && status !== 'streaming'}>
          Stop
        </button>
      </form>
    </main>
  );
}
