import { Box, Text } from 'ink';
import type { TranscriptItem } from '../chat/chat-controller.js';
import { TurnBlockView } from './turn-block-view.js';

const TONES = { info: 'gray', warning: 'yellow', error: 'red' } as const;

/** One line of the transcript, printed once. */
export function TranscriptItemView({ item }: { readonly item: TranscriptItem }) {
  switch (item.kind) {
    case 'user':
      return (
        <Box marginTop={1}>
          <Text color="cyan" bold>
            {'› '}
            {item.text}
          </Text>
        </Box>
      );
    case 'block':
      return <TurnBlockView block={item.block} calls={item.calls} now={0} />;
    case 'notice':
      return <Text color={TONES[item.tone]}>{item.text}</Text>;
  }
}
