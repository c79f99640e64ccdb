import { fileURLToPath } from 'node:url';
import { chooseModel } from './choose-model.js';
import { startWebChatServer } from './web-chat-server.js';

const model = await chooseModel();
const server = await startWebChatServer({
  model,
  webRoot: fileURLToPath(new URL('../dist/web/', import.meta.url)),
  host: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 8788),
});
console.log(`Web chat on ${server.url} — model: ${model.label}`);
const stop = (): void => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
