// Entry of a child process serving `servedTools` over stdio (bundled by build-fixtures.ts before the tests).
import { serveTools } from '../serve-tools.js';
import { servedTools } from './served-tools.js';

await serveTools(servedTools, { transport: 'stdio', instructions: 'Test tools served by Tandem.' });
