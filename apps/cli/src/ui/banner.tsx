import { Box, Text } from 'ink';

/** What the chat banner says. */
export interface BannerInfo {
  readonly modelId: string;
  readonly reason: string;
  readonly isDemo: boolean;
  readonly toolCount: number;
  readonly sources: readonly string[];
  /** Extra lines (e.g. how approval works). */
  readonly notes: readonly string[];
}

/** The chat banner: the model and why it was chosen (the offline demo model says what it is), the tools, and how to get help. */
export function Banner({ info }: { readonly info: BannerInfo }) {
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold color="magenta">
          tandem chat
        </Text>
        <Text> · model </Text>
        <Text bold>{info.modelId}</Text>
        <Text dimColor> ({info.reason})</Text>
      </Text>
      {info.isDemo ? (
        <Text color="yellow">
          This is the offline demo model: fixed rules, not an LLM. Name a tool to call it (several run together), with key=value words as arguments.
        </Text>
      ) : null}
      <Text dimColor>
        {info.toolCount} tools{info.sources.length > 0 ? ` (${info.sources.join(', ')})` : ''} · /help for commands · Ctrl-C cancels a turn · Ctrl-D exits
      </Text>
      {info.notes.map((note) => (
        <Text key={note} dimColor>
          {note}
        </Text>
      ))}
    </Box>
  );
}
