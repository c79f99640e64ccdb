import { Box, Text } from 'ink';
import Spinner from 'ink-spinner';
import { isEnded, type CallView } from '../chat/turn-view.js';
import { callTiming } from '../chat/call-timing.js';
import { preview } from '../output/preview.js';

const MARKS = { done: '✔', error: '✖', cancelled: '⊘' } as const;
const COLORS = { done: 'green', error: 'red', cancelled: 'yellow' } as const;
const WAITING = { preparing: 'writing arguments…', queued: 'queued until the response ends', approval: 'waiting for your y/n', running: 'running' } as const;

/** One tool call: name, arguments, a spinner and elapsed time while it runs, partial results, then the result or error and its duration. */
export function ToolCallBox({ call, width, now }: { readonly call: CallView; readonly width: number; readonly now: number }) {
  const inner = Math.max(10, width - 4);
  const ended = isEnded(call.status);
  const timing = callTiming(call, now);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={ended ? COLORS[call.status as keyof typeof COLORS] : 'cyan'} width={width} paddingX={1}>
      <Box>
        {ended ? (
          <Text color={COLORS[call.status as keyof typeof COLORS]}>{MARKS[call.status as keyof typeof MARKS]} </Text>
        ) : (
          <Text color="cyan">
            <Spinner type="dots" />{' '}
          </Text>
        )}
        <Text bold>{call.toolName}</Text>
        {timing === undefined ? null : <Text dimColor> · {timing}</Text>}
      </Box>
      <Text dimColor wrap="truncate-end">
        {preview(call.args === '' ? '…' : call.args, inner)}
      </Text>
      {ended ? null : <Text color="cyan">{WAITING[call.status as keyof typeof WAITING]}</Text>}
      {call.partials.map((partial, index) => (
        <Text key={`${String(call.partialCount)}-${String(index)}`} wrap="truncate-end">
          {'… '}
          {preview(partial.label ?? partial.value, inner - 2)}
        </Text>
      ))}
      {call.partialCount > call.partials.length ? <Text dimColor>({call.partialCount} partial results)</Text> : null}
      {ended ? <Result call={call} width={inner} /> : null}
    </Box>
  );
}

function Result({ call, width }: { readonly call: CallView; readonly width: number }) {
  if (call.status === 'cancelled') return <Text color="yellow">cancelled</Text>;
  const text = preview(call.result, width * 2);
  return call.status === 'error' ? <Text color="red">{text}</Text> : <Text>→ {text}</Text>;
}
