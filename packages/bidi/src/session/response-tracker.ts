/** The model response in progress. @internal */
export interface ResponseState {
  readonly id: string;
  /** A barge-in cut it off: its remaining audio is dropped. */
  interrupted: boolean;
  sawAudio: boolean;
}

/** Ended responses remembered (older ones no longer send late audio). */
const KEPT_ENDED = 8;

/**
 * The model's responses as a conversation sees them: the one in progress, and the recently ended ones,
 * whose late audio is dropped. @internal
 */
export class ResponseTracker {
  /** The response in progress. */
  current: ResponseState | undefined;
  private readonly ended: string[] = [];

  /** A response starts (announced by the provider, or by its first audio). */
  start(responseId: string): ResponseState {
    this.current = { id: responseId, interrupted: false, sawAudio: false };
    return this.current;
  }

  /** True for audio of a response that has ended. */
  isLate(responseId: string): boolean {
    return this.current?.id !== responseId && this.ended.includes(responseId);
  }

  /** `responseId` ended; returns true when it was the one in progress (or none was). */
  end(responseId: string): boolean {
    this.ended.push(responseId);
    if (this.ended.length > KEPT_ENDED) this.ended.shift();
    if (this.current !== undefined && this.current.id !== responseId) return false;
    this.current = undefined;
    return true;
  }

  /** Marks the response in progress interrupted (all of it, or just `responseId`); returns the interrupted id. */
  interrupt(responseId: string | undefined): string | undefined {
    const current = this.current;
    if (current !== undefined && (responseId === undefined || responseId === current.id)) current.interrupted = true;
    return responseId ?? current?.id;
  }
}
