import { TandemError } from '../spec/errors/tandem-error.js';
import { loadOnDemand } from '../util/load-on-demand.js';

/**
 * The code that writes a summary (the transcript, the request, the default instructions), imported the
 * first time a `summarize()` manager writes one: most runs never summarize, so a bundler puts it in a
 * chunk of its own that only a long conversation fetches. It imports nothing at runtime that the rest of
 * core has (else a bundler would split a shared chunk off the one an app loads at start). A failed import
 * is forgotten, so the next summary tries again. @internal
 */
export const loadSummaryWriter = /* @__PURE__ */ loadOnDemand(
  () => import('./write-summary.js'),
  (cause) =>
    new TandemError('SUMMARY_WRITER_UNAVAILABLE', {
      message:
        `summarize(): loading the code that writes summaries failed: ${cause instanceof Error ? cause.message : String(cause)}. ` +
        'In a browser, check that the app can fetch its chunk; the next summary tries again.',
      cause,
    }),
);
