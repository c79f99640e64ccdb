import { functionToolDefinition } from '@tandem/core';
import { preview } from '../output/preview.js';
import type { CatalogEntry } from '../tools/tool-catalog.js';
import { describeError } from '../errors/describe-error.js';

/** What a slash command can do to the chat. */
export interface SlashCommandContext {
  notice(text: string, tone?: 'info' | 'warning' | 'error'): void;
  readonly tools: readonly CatalogEntry[];
  modelId(): string;
  /** Switches the model; resolves with its `provider:model-id`. */
  switchModel(value: string): Promise<string>;
  /** Forgets the conversation; resolves with the id of the new session when conversations are kept. */
  clear(): string | undefined;
  exit(code: number): void;
}

/** The help of the chat: commands and keys. */
export const CHAT_HELP = [
  'Commands:',
  '  /tools              list the tools and where they come from',
  '  /model [provider:id] show or switch the model (e.g. /model openai:gpt-5-mini, /model demo)',
  '  /clear              start a new conversation (a new session; the old one stays in tandem sessions)',
  '  /exit               leave (or Ctrl-D at an empty prompt)',
  '  /help               this help',
  'Keys: Enter sends · Ctrl-C cancels a running turn (its tools get their abort) · Ctrl-C twice at the prompt exits',
].join('\n');

/**
 * Runs `/tools`, `/model`, `/clear`, `/exit` or `/help`; anything else gets a notice naming the commands.
 *
 * @example
 * ```ts
 * await runSlashCommand('/model anthropic:claude-sonnet-4-5', context);
 * ```
 */
export async function runSlashCommand(line: string, context: SlashCommandContext): Promise<void> {
  const [command = '', ...rest] = line.slice(1).split(/\s+/);
  const argument = rest.join(' ').trim();
  switch (command) {
    case 'tools':
      context.notice(
        context.tools.length === 0
          ? 'No tools. Add some with --tools <module>, --mcp "<command>" or tandem.config.json.'
          : context.tools.map(({ tool, source }) => `${tool.name} [${source}] ${tool.kind === 'function' ? preview(functionToolDefinition(tool).description, 90) : ''}`).join('\n'),
      );
      return;
    case 'model':
      if (argument === '') {
        context.notice(`Model: ${context.modelId()}`);
        return;
      }
      try {
        context.notice(`Model: ${await context.switchModel(argument)}`);
      } catch (error) {
        context.notice(describeError(error), 'error');
      }
      return;
    case 'clear': {
      const id = context.clear();
      context.notice(`Conversation cleared: the next message starts afresh${id === undefined ? '' : ` in session ${id}`}.`);
      return;
    }
    case 'exit':
    case 'quit':
      context.exit(0);
      return;
    case 'help':
      context.notice(CHAT_HELP);
      return;
    default:
      context.notice(`Unknown command /${command}. ${CHAT_HELP.split('\n')[0] ?? ''} /tools, /model, /clear, /exit, /help.`, 'warning');
  }
}
