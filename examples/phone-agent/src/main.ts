#!/usr/bin/env node
// `pnpm --filter @tandem/example-phone-agent start`: answers calls until Ctrl-C.
import { chooseVoiceModel } from '@tandem/voice-app/voice-model';
import { OFFLINE_KEYPAD, startPhoneServer } from './phone-server.js';

const choice = await chooseVoiceModel(process.env);
const server = await startPhoneServer({
  model: choice.model,
  host: process.env['HOST'] ?? '127.0.0.1',
  port: Number(process.env['PORT'] ?? 8788),
  ...(process.env['PUBLIC_URL'] ? { publicUrl: process.env['PUBLIC_URL'] } : {}),
  ...(process.env['TWILIO_AUTH_TOKEN'] ? { twilioAuthToken: process.env['TWILIO_AUTH_TOKEN'] } : {}),
  // The offline demo model understands typed turns only: on a phone, keys stand in for them.
  ...(choice.offlineDemo ? { keypad: OFFLINE_KEYPAD } : {}),
  onCall: (start) => process.stdout.write(`Call ${start.callSid} from ${start.customParameters['from'] ?? 'an unknown number'}\n`),
});
process.stdout.write(`Phone agent: webhook POST ${server.url}/twiml, media stream ${server.url.replace(/^http/, 'ws')}/media\n`);
process.stdout.write(`Model: ${choice.label} (${choice.reason}).\n`);
if (choice.offlineDemo) process.stdout.write('Offline demo: press 1 for a 5-second timer, 2 for a 30-second timer, 9 to hang up.\n');
if (process.env['TWILIO_AUTH_TOKEN'] === undefined) process.stdout.write('TWILIO_AUTH_TOKEN is not set: requests are not checked for Twilio\'s signature.\n');
const stop = (): void => {
  process.stdout.write('Stopping…\n');
  server.close().then(() => process.exit(0), () => process.exit(1));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
