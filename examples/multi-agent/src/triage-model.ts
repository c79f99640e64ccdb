import type { LanguageModel, Message, ModelRequest, ModelStreamPart, ToolResultPart } from '@tandem/core';

/**
 * An offline, rule-based stand-in for an LLM, so the example runs without a key: it reads the customer's
 * last words and the tools it is offered (which depend on the agent that is active) and decides like a
 * support desk would. Swap in a real model (`'openai:gpt-5'`, …) and the agents work the same way.
 */
export function triageModel(): LanguageModel {
  let calls = 0;
  return {
    specificationVersion: 'v1',
    provider: 'example',
    modelId: 'triage-rules',
    async *stream(request: ModelRequest): AsyncIterable<ModelStreamPart> {
      const step = decide(request);
      calls += 1;
      if (step.type === 'say') {
        yield { type: 'text-start', blockId: 't' };
        for (const word of step.text.match(/\s*\S+/g) ?? []) yield { type: 'text-delta', blockId: 't', chunk: word };
        yield { type: 'text-end', blockId: 't' };
      } else {
        const toolCallId = `call_${String(calls)}`;
        yield { type: 'tool-start', toolCallId, toolName: step.tool };
        yield { type: 'tool-end', toolCallId, toolName: step.tool, toolArgs: JSON.stringify(step.input) };
      }
      yield { type: 'finish', finishReason: step.type === 'say' ? 'stop' : 'tool-calls', usage: { inputTokens: request.messages.length, outputTokens: 1 } };
    },
  };
}

type Step = { readonly type: 'say'; readonly text: string } | { readonly type: 'call'; readonly tool: string; readonly input: Record<string, unknown> };

function decide(request: ModelRequest): Step {
  const offered = new Set(request.tools.map((tool) => tool.name));
  const last = request.messages.at(-1);
  const results = last?.role === 'tool' ? last.parts.filter((part): part is ToolResultPart => part.type === 'tool-result') : [];
  // Right after a tool ran (other than a transfer), report what it returned.
  if (results.length > 0 && !results.some((result) => result.toolName.startsWith('transfer_to_'))) return { type: 'say', text: results.map(describe).join(' ') };
  const said = lastUserText(request.messages);
  const invoiceId = /INV-\d+/.exec(said)?.[0];
  const wantsRefund = /refund|money back/i.test(said);
  if (wantsRefund && offered.has('issue_refund') && invoiceId !== undefined) {
    return { type: 'call', tool: 'issue_refund', input: { invoiceId, amount: amountOf(request.messages, invoiceId) } };
  }
  if (wantsRefund && offered.has('transfer_to_refunds')) return { type: 'call', tool: 'transfer_to_refunds', input: {} };
  if (invoiceId !== undefined && offered.has('lookup_invoice')) return { type: 'call', tool: 'lookup_invoice', input: { invoiceId } };
  if (/invoice|charge|bill|INV-/i.test(said) && offered.has('transfer_to_billing')) return { type: 'call', tool: 'transfer_to_billing', input: {} };
  return { type: 'say', text: 'I can help with invoices, charges and refunds. What do you need (and the invoice id, INV-…)?' };
}

function lastUserText(messages: readonly Message[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'user') return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join(' ');
  }
  return '';
}

/** The amount of an invoice looked up earlier in the conversation (0 when it never was). */
function amountOf(messages: readonly Message[], invoiceId: string): number {
  for (const message of messages) {
    for (const part of message.parts) {
      if (part.type !== 'tool-result' || part.toolName !== 'lookup_invoice') continue;
      const value = part.result as { invoiceId?: string; amount?: number };
      if (value.invoiceId === invoiceId && typeof value.amount === 'number') return value.amount;
    }
  }
  return 0;
}

function describe(result: ToolResultPart): string {
  if (result.toolName === 'lookup_invoice' && result.status === 'success') {
    const { invoiceId, amount, charges } = result.result as { invoiceId: string; amount: number; charges: number };
    return charges > 1
      ? `${invoiceId} is ${String(amount)} EUR and was charged ${String(charges)} times — one charge too many.`
      : `${invoiceId} is ${String(amount)} EUR, charged once.`;
  }
  return result.modelInput.type === 'text' ? result.modelInput.value : JSON.stringify(result.modelInput.value);
}
