// Preloaded with `node --import` in the lazy-loading test: records the URL of every module the process
// resolves through `import` (ESM resolve hook, in the loader thread) to $TANDEM_PROBE_OUT.
import { register } from 'node:module';

register('./module-probe-hooks.mjs', import.meta.url, { data: { out: process.env.TANDEM_PROBE_OUT } });
