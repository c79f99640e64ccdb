import { BidiAgent, type BidiAgentOptions } from '@tandem/bidi';

/** A `BidiAgent` that also tells the app each playback position the page reports. */
export class VoiceAgent extends BidiAgent {
  private readonly onPlayed: (responseId: string, ms: number) => void;

  constructor(options: BidiAgentOptions, onPlayed: (responseId: string, ms: number) => void) {
    super(options);
    this.onPlayed = onPlayed;
  }

  override reportPlayed(responseId: string, ms: number): void {
    this.onPlayed(responseId, ms);
    super.reportPlayed(responseId, ms);
  }
}
