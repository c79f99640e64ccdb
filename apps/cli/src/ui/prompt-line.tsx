import { Box, Text } from 'ink';
import type { ApprovalPrompt } from '../chat/chat-controller.js';
import { preview } from '../output/preview.js';

/** The bottom line: the approval question, a note that a turn is running, or the prompt with what is typed so far. */
export function PromptLine(props: {
  readonly running: boolean;
  readonly approval: ApprovalPrompt | undefined;
  readonly value: string;
  readonly hint: string | undefined;
  /** The active agent's name, when several agents hand off to each other. */
  readonly agentName?: string | undefined;
}) {
  const who = props.agentName === undefined ? '' : `${props.agentName} `;
  if (props.approval !== undefined) {
    return (
      <Text color="yellow">
        Allow <Text bold>{props.approval.toolName}</Text>({preview(props.approval.input, 80)})? [y/n]
      </Text>
    );
  }
  return (
    <Box flexDirection="column">
      {props.hint === undefined ? null : <Text color="yellow">{props.hint}</Text>}
      {props.running ? (
        <Text dimColor>{who}working… (Ctrl-C cancels)</Text>
      ) : (
        <Text>
          <Text color="cyan" bold>
            {`${who}› `}
          </Text>
          {props.value}
          <Text inverse> </Text>
        </Text>
      )}
    </Box>
  );
}
