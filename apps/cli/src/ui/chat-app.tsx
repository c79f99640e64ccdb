import { Box, Static, useApp, useInput } from 'ink';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ChatController, TranscriptItem } from '../chat/chat-controller.js';
import { isEnded } from '../chat/turn-view.js';
import { Banner, type BannerInfo } from './banner.js';
import { PromptLine } from './prompt-line.js';
import { TranscriptItemView } from './transcript-item-view.js';
import { TurnBlockView } from './turn-block-view.js';
import { useTicker } from './use-ticker.js';

/** Ctrl-C twice within this long at the prompt exits. */
const DOUBLE_PRESS_MS = 2000;

/** Redraws at most every {@link FRAME_MS} while events stream in (a word each), so drawing never holds up the run. */
const FRAME_MS = 30;

function throttled(controller: ChatController, listener: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = controller.subscribe(() => {
    timer ??= setTimeout(() => {
      timer = undefined;
      listener();
    }, FRAME_MS);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
  };
}

type StaticItem = TranscriptItem | { readonly id: -1; readonly kind: 'banner' };

/**
 * The `tandem chat` terminal view: the transcript (printed once, kept in the scrollback), the live part
 * of the running turn with its tool panel, and the prompt. Keys: Enter sends; Ctrl-C cancels a running
 * turn, and at the prompt twice within 2 s exits with 130; Ctrl-D at an empty prompt exits with 0; y/n
 * answers an approval question.
 */
export function ChatApp({ controller, banner, onExit }: { readonly controller: ChatController; readonly banner: BannerInfo; readonly onExit: (code: number) => void }) {
  const state = useSyncExternalStore(
    useCallback((listener: () => void) => throttled(controller, listener), [controller]),
    () => controller.state,
  );
  const { exit } = useApp();
  // What is typed: read from the ref (keys may arrive faster than renders), shown from the state.
  const typed = useRef('');
  const [value, setValue] = useState('');
  const setTyped = (next: string): void => {
    typed.current = next;
    setValue(next);
  };
  const [hint, setHint] = useState<string | undefined>(undefined);
  const armedAt = useRef<number | undefined>(undefined);
  const live = state.live;
  const anyRunning = live !== undefined && Object.values(live.calls).some((call) => !isEnded(call.status));
  const now = useTicker(state.running && anyRunning);
  const approval = state.approvals[0];

  const leave = useCallback(
    (code: number) => {
      onExit(code);
      exit();
    },
    [exit, onExit],
  );

  // The prompt shows once keys are read: useInput's effect (raw mode, the stdin listener) runs before this one.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (hint === undefined) return undefined;
    const timer = setTimeout(() => setHint(undefined), DOUBLE_PRESS_MS);
    return () => clearTimeout(timer);
  }, [hint]);

  useInput((input, key) => {
    // The controller's state, not the render's: a key may arrive before the view caught up.
    const current = controller.state;
    const asking = current.approvals[0];
    if (key.ctrl && input === 'c') {
      if (current.running) {
        controller.cancel();
        return;
      }
      const previous = armedAt.current;
      armedAt.current = Date.now();
      if (previous !== undefined && armedAt.current - previous <= DOUBLE_PRESS_MS) {
        leave(130);
        return;
      }
      setTyped('');
      setHint('Press Ctrl-C again to exit (or Ctrl-D).');
      return;
    }
    if (asking !== undefined) {
      if (input === 'y' || input === 'Y') controller.answer(asking.toolCallId, true);
      else if (input === 'n' || input === 'N') controller.answer(asking.toolCallId, false);
      return;
    }
    if (current.running) return;
    if (key.ctrl && input === 'd') {
      if (typed.current === '') leave(0);
      return;
    }
    if (key.return) {
      const line = typed.current;
      setTyped('');
      void controller.submit(line);
      return;
    }
    if (key.backspace || key.delete) {
      setTyped(typed.current.slice(0, -1));
      return;
    }
    if (key.ctrl && input === 'u') {
      setTyped('');
      return;
    }
    if (key.ctrl || key.meta || key.escape || key.tab || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow) return;
    if (input === '') return;
    // Typed ahead or pasted: a chunk may hold whole lines; each line break sends what came before it.
    const [first = '', ...lines] = input.split(/\r\n|\r|\n/);
    if (lines.length === 0) {
      setTyped(typed.current + first);
      return;
    }
    const sent = typed.current + first;
    setTyped(lines.at(-1) ?? '');
    void controller.submit(sent);
  });

  const items: StaticItem[] = [{ id: -1, kind: 'banner' }, ...state.transcript];
  return (
    <Box flexDirection="column">
      <Static items={items}>
        {(item) => <Box key={item.id}>{item.kind === 'banner' ? <Banner info={{ ...banner }} /> : <TranscriptItemView item={item} />}</Box>}
      </Static>
      {live === undefined
        ? null
        : live.blocks.map((block, index) => <TurnBlockView key={`${String(block.step)}-${block.kind}-${String(index)}`} block={block} calls={live.calls} now={now} />)}
      <PromptLine running={state.running || !ready} approval={approval} value={value} hint={hint} agentName={state.agentName} />
    </Box>
  );
}
