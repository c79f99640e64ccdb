import type { ConnectionState } from '../voice-client.js';

/** The page's header and footer: connection state, model, notices, microphone level, latency figures. */
export class StatusView {
  private readonly connection = element('connection');
  private readonly connectButton = element('connect') as HTMLButtonElement;
  private readonly micButton = element('mic') as HTMLButtonElement;
  private readonly model = element('model');
  private readonly notice = element('notice');
  private readonly level = element('mic-level') as HTMLMeterElement;
  private readonly speech = element('speech');
  private readonly firstAudio = element('first-audio');
  private readonly toolLatency = element('tool-latency');
  private readonly buffered = element('buffered');
  private readonly hint = element('hint');

  setConnection(state: ConnectionState): void {
    this.connection.dataset.state = state;
    this.connection.textContent = state;
    this.connectButton.textContent = state === 'disconnected' ? 'Connect' : 'Disconnect';
    this.micButton.disabled = state !== 'connected';
  }

  setModel(label: string, offlineDemo: boolean, tools: readonly string[]): void {
    this.model.textContent = label;
    this.model.dataset.offlineDemo = String(offlineDemo);
    this.hint.textContent = offlineDemo
      ? `Offline demo: it calls the tools you name, with key=value words as arguments — try “set_timer seconds=5”, “get_time”, “research topic=whales”, “book_table time=19:30” (it asks for your approval: type yes or no, or use the buttons), or “end_conversation”. Turn the microphone on and talk over an answer to interrupt it. Tools: ${tools.join(', ')}.`
      : `Talk or type. Tools: ${tools.join(', ')}.`;
  }

  setMic(on: boolean): void {
    this.micButton.textContent = on ? 'Microphone on' : 'Microphone off';
    this.micButton.setAttribute('aria-pressed', String(on));
    this.micButton.dataset.on = String(on);
    if (!on) this.setLevel(0);
  }

  setLevel(rms: number): void {
    // Speech sits around 0.01–0.3 RMS: show it on a log-like scale so quiet talk still moves the meter.
    const shown = rms <= 0 ? 0 : Math.min(1, Math.max(0, 1 + Math.log10(rms) / 2.5));
    this.level.value = shown;
    this.level.dataset.level = rms.toFixed(4);
  }

  setSpeaking(speaking: boolean): void {
    this.speech.dataset.active = String(speaking);
    this.speech.textContent = speaking ? 'you are speaking' : '';
  }

  show(text: string, kind: 'info' | 'error'): void {
    this.notice.textContent = text;
    this.notice.dataset.kind = kind;
    this.notice.hidden = false;
  }

  hideNotice(): void {
    this.notice.hidden = true;
    this.notice.textContent = '';
  }

  setFirstAudio(ms: number, after: 'turn' | 'tool results'): void {
    this.firstAudio.textContent = `${String(Math.round(ms))} ms after ${after}`;
    this.firstAudio.dataset.ms = String(Math.round(ms));
  }

  setToolLatency(toolName: string, ms: number): void {
    this.toolLatency.textContent = `${toolName} ${(ms / 1000).toFixed(1)} s`;
    this.toolLatency.dataset.ms = String(Math.round(ms));
  }

  setBuffered(ms: number): void {
    this.buffered.textContent = `${String(Math.round(ms))} ms`;
  }
}

function element(id: string): HTMLElement {
  const found = document.getElementById(id);
  if (found === null) throw new Error(`The page has no #${id}.`);
  return found;
}
