import { Text } from 'ink';
import type { CallView, TurnBlock } from '../chat/turn-view.js';
import { ToolGroup } from './tool-group.js';

/** A piece of a turn: the answer's text, its reasoning (dimmed), or a tool group. */
export function TurnBlockView({ block, calls, now }: { readonly block: TurnBlock; readonly calls: Readonly<Record<string, CallView>>; readonly now: number }) {
  switch (block.kind) {
    case 'text':
      return <Text>{block.text.trim()}</Text>;
    case 'reasoning':
      return (
        <Text dimColor italic>
          {block.text.trim()}
        </Text>
      );
    case 'handoff':
      return (
        <Text color="magenta">
          ↪ {block.from} handed the conversation to <Text bold>{block.to}</Text>
        </Text>
      );
    case 'tools':
      return <ToolGroup calls={block.callIds.map((id) => calls[id]).filter((call): call is CallView => call !== undefined)} now={now} />;
  }
}
