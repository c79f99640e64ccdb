import { fileURLToPath } from 'node:url';

/** The bundled stdio server fixture; inside the package so Node resolves its dependencies from here. */
export const SERVE_STDIO_FIXTURE = fileURLToPath(new URL('../../node_modules/.cache/tandem-mcp-tests/serve-stdio-server.mjs', import.meta.url));

/** The bundled token-file writer (several run at once in the cross-process test). */
export const TOKEN_WRITER_FIXTURE = fileURLToPath(new URL('../../node_modules/.cache/tandem-mcp-tests/token-writer.mjs', import.meta.url));
