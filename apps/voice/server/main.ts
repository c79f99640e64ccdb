#!/usr/bin/env node
import { fileURLToPath } from 'node:url';
import { chooseVoiceModel } from './model/choose-voice-model.js';
import { directModeFromEnv } from './direct-mode.js';
import { VoiceConfigError } from './voice-config-error.js';
import { serverSettingsFromEnv } from './voice-server-options.js';
import { startVoiceServer } from './voice-server.js';

// `pnpm --filter @tandem/voice-app start`: serves the page and its conversations until Ctrl-C.
try {
  const settings = serverSettingsFromEnv(process.env);
  const model = await chooseVoiceModel(process.env);
  const direct = directModeFromEnv(process.env, model);
  const server = await startVoiceServer({ ...settings, model, ...(direct === undefined ? {} : { direct }), webRoot: fileURLToPath(new URL('../web/', import.meta.url)) });
  process.stdout.write(`Tandem voice app: ${server.url}\n`);
  process.stdout.write(`Model: ${model.label} (${model.reason}).\n`);
  if (direct !== undefined) process.stdout.write('Direct mode: the page talks to OpenAI Realtime itself with short-lived client secrets this server mints.\n');
  if (model.offlineDemo) process.stdout.write('Set OPENAI_API_KEY, GEMINI_API_KEY or AWS credentials for a real realtime model (see the README).\n');
  if (server.host === '0.0.0.0' || server.host === '::') {
    process.stdout.write('Listening on every interface: pages from other machines need VOICE_ALLOWED_ORIGINS, and HTTPS for the microphone.\n');
  }
  let stopping = false;
  const stop = (): void => {
    if (stopping) process.exit(130);
    stopping = true;
    process.stdout.write('Stopping…\n');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (error instanceof VoiceConfigError) process.stderr.write(`${error.message}\n`);
  else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') process.stderr.write(`The port is in use: set PORT to another one (PORT=0 picks a free port).\n`);
  else process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}
