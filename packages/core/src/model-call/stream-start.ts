import type { LanguageModelV1 } from '../spec/language-model/v1/language-model-v1.js';
import type { ModelStreamPart } from '../spec/language-model/v1/model-stream-part.js';
import type { TracedModel } from '../telemetry/telemetry.js';
import type { ModelCallTarget } from './model-call-target.js';

/**
 * The one `stream-start` event of a model call. A plain model's is emitted at once with its own ids; a
 * model that `announcesModel` (a fallback, a router) names the model that answers in a first
 * `stream-start` part, so the event waits for the first part — and is emitted with the outer model's ids
 * when the call ends without one. @internal
 */
export class StreamStart {
  private emitted = false;
  model: TracedModel;

  constructor(
    outer: LanguageModelV1,
    private readonly target: ModelCallTarget,
  ) {
    this.model = { provider: outer.provider, modelId: outer.modelId };
    if (outer.announcesModel !== true) this.emit();
  }

  /** Every part of the stream passes here before it is handled. */
  see(part: ModelStreamPart): void {
    if (this.emitted) return;
    if (part.type === 'stream-start') this.model = { provider: part.provider, modelId: part.modelId };
    this.emit();
  }

  /** The call ended: a call that never got a part still has its event. */
  ensure(): void {
    if (!this.emitted) this.emit();
  }

  private emit(): void {
    this.emitted = true;
    const { runId, step } = this.target;
    this.target.emit({ type: 'stream-start', runId, step, provider: this.model.provider, modelId: this.model.modelId });
  }
}
