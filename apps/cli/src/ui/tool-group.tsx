import { Box, useStdout } from 'ink';
import type { CallView } from '../chat/turn-view.js';
import { ToolCallBox } from './tool-call-box.js';

/** The calls of one model response (one concurrent group), side by side, wrapping when the terminal is narrow. */
export function ToolGroup({ calls, now }: { readonly calls: readonly CallView[]; readonly now: number }) {
  const { stdout } = useStdout();
  const columns = stdout.columns > 0 ? stdout.columns : 80;
  const width = Math.max(28, Math.min(60, Math.floor((columns - 1) / Math.max(1, calls.length))));
  return (
    <Box flexDirection="row" flexWrap="wrap">
      {calls.map((call) => (
        <ToolCallBox key={call.toolCallId} call={call} width={Math.min(width, columns)} now={now} />
      ))}
    </Box>
  );
}
