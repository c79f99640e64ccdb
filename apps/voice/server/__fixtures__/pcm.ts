/** `ms` of a sine tone (or silence with amplitude 0) as PCM16 little-endian mono. */
export function pcm16Tone(ms: number, sampleRate: number, amplitude = 0.3, frequency = 440): Uint8Array {
  const samples = Math.round((sampleRate * ms) / 1000);
  const bytes = new Uint8Array(samples * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples; i++) view.setInt16(i * 2, Math.round(Math.sin((2 * Math.PI * frequency * i) / sampleRate) * amplitude * 32767), true);
  return bytes;
}

/** Splits PCM16 into frames of `ms`. */
export function pcm16Frames(pcm: Uint8Array, sampleRate: number, ms: number): Uint8Array[] {
  const size = Math.round((sampleRate * ms) / 1000) * 2;
  const frames: Uint8Array[] = [];
  for (let offset = 0; offset < pcm.byteLength; offset += size) frames.push(pcm.subarray(offset, offset + size));
  return frames;
}

/** A 16-bit PCM WAV file; `dataSize` overrides the data chunk's size field (a pipe writer's placeholder). */
export function wavFile(pcm: Uint8Array, sampleRate: number, channels = 1, dataSize = pcm.byteLength): Uint8Array {
  const bytes = new Uint8Array(44 + pcm.byteLength);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string): void => [...text].forEach((char, i) => view.setUint8(offset + i, char.charCodeAt(0)));
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + pcm.byteLength, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataSize, true);
  bytes.set(pcm, 44);
  return bytes;
}
