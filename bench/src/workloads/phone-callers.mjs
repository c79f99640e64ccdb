// Child process of workload 12: N phone callers speaking Twilio's Media Streams protocol to the bench's phone
// server, in real time — a 20 ms μ-law frame per caller every 20 ms (silence, as a listening caller sends), a key
// press every 2 s (the demo model answers it with speech and a tool call), each mark echoed once its audio played.
// Runs apart from the server so the server's CPU can be measured alone. Prints one JSON line when done.
import { WebSocket } from 'ws';

const [url, callsArg, secondsArg] = process.argv.slice(2);
const calls = Number(callsArg);
const seconds = Number(secondsArg);
const silence = Buffer.alloc(160, 0xff).toString('base64');
let media = 0;
let marks = 0;

async function call(index) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const streamSid = `MZbench${String(index).padStart(27, '0')}`;
  const send = (message) => socket.send(JSON.stringify(message));
  let sequence = 0;
  let playedUntil = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data));
    const now = performance.now();
    if (message.event === 'media') {
      media++;
      playedUntil = Math.max(now, playedUntil) + Buffer.from(message.media.payload, 'base64').length / 8;
    } else if (message.event === 'mark') {
      setTimeout(() => {
        marks++;
        if (socket.readyState === WebSocket.OPEN) send({ event: 'mark', sequenceNumber: String(++sequence), streamSid, mark: message.mark });
      }, Math.max(0, playedUntil - now));
    }
  });
  send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
  send({
    event: 'start',
    sequenceNumber: String(++sequence),
    start: { accountSid: 'ACbench', streamSid, callSid: `CAbench${index}`, tracks: ['inbound'], customParameters: {}, mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 } },
    streamSid,
  });
  const started = performance.now();
  for (let frame = 0; frame < (seconds * 1000) / 20; frame++) {
    const due = started + frame * 20;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    send({ event: 'media', sequenceNumber: String(++sequence), media: { track: 'inbound', chunk: String(frame + 1), timestamp: String(frame * 20), payload: silence }, streamSid });
    if (frame % 100 === 10) send({ event: 'dtmf', streamSid, sequenceNumber: String(++sequence), dtmf: { track: 'inbound_track', digit: '1' } });
  }
  send({ event: 'stop', sequenceNumber: String(++sequence), streamSid, stop: { accountSid: 'ACbench', callSid: `CAbench${index}` } });
  socket.close(1000);
}

await Promise.all(Array.from({ length: calls }, (_, i) => call(i)));
process.stdout.write(`${JSON.stringify({ media, marks })}\n`);
