/** The resumption state of one Gemini Live session, shared by the connections that carry it. @internal */
export interface ResumptionLineage {
  /** The newest handle the server offered (`sessionResumptionUpdate` with `resumable: true`). */
  latest: string | undefined;
  /** Calls the server cancelled (`toolCallCancellation`): their results are not sent, also after a resume. */
  readonly cancelled: Set<string>;
}

/** The state of a session that has not been resumed. @internal */
export function newLineage(latest?: string): ResumptionLineage {
  return { latest, cancelled: new Set() };
}

/** How many handed-out tokens are remembered (older ones resume exactly the state they name). */
const REMEMBERED_TOKENS = 64;

/**
 * Gemini sends a new resumption handle after every resumable point, also after a `goAway` was reported
 * and even as the old connection closes. The token handed to the agent is the newest handle at that
 * moment; when the agent reconnects with it, {@link resolve} follows the session to the newest handle
 * seen since, so the resumed session does not lose the turns in between. Tokens this process never
 * handed out (persisted ones) resume as given. @internal
 */
export class ResumptionHandles {
  private readonly issued = new Map<string, ResumptionLineage>();

  /** A token for the agent: the session's newest handle, or `undefined` when it has none yet. */
  issue(lineage: ResumptionLineage): string | undefined {
    const token = lineage.latest;
    if (token === undefined) return undefined;
    this.issued.delete(token);
    this.issued.set(token, lineage);
    if (this.issued.size > REMEMBERED_TOKENS) {
      const oldest = this.issued.keys().next().value;
      if (oldest !== undefined) this.issued.delete(oldest);
    }
    return token;
  }

  /** The handle to resume with and the session it continues. */
  resolve(token: string): { readonly handle: string; readonly lineage: ResumptionLineage } {
    const lineage = this.issued.get(token) ?? newLineage(token);
    return { handle: lineage.latest ?? token, lineage };
  }
}
