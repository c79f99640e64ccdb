/** PCM audio read from a WAV file. */
export interface WavAudio {
  readonly sampleRate: number;
  readonly channels: number;
  /** 16-bit little-endian samples, interleaved when `channels` > 1. */
  readonly pcm16: Uint8Array;
}

/**
 * Reads a 16-bit PCM WAV file. A `data` chunk whose size is a placeholder (what a program writing to a
 * pipe, like `espeak-ng --stdout`, leaves there) runs to the end of the bytes.
 *
 * @throws TypeError when the bytes are not a 16-bit PCM WAV file.
 */
export function parseWav(bytes: Uint8Array): WavAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (offset: number): string => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.byteLength < 12 || text(0) !== 'RIFF' || text(8) !== 'WAVE') throw new TypeError('Not a WAV file (no RIFF/WAVE header).');
  let offset = 12;
  let format: { sampleRate: number; channels: number } | undefined;
  while (offset + 8 <= bytes.byteLength) {
    const id = text(offset);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      const encoding = view.getUint16(body, true);
      const bits = view.getUint16(body + 14, true);
      if (encoding !== 1 || bits !== 16) throw new TypeError(`Unsupported WAV encoding ${String(encoding)} with ${String(bits)} bits; expected 16-bit PCM.`);
      format = { channels: view.getUint16(body + 2, true), sampleRate: view.getUint32(body + 4, true) };
    } else if (id === 'data') {
      if (format === undefined) throw new TypeError('WAV data before its format chunk.');
      const end = Math.min(bytes.byteLength, body + size);
      const usable = end - body - ((end - body) % 2);
      return { ...format, pcm16: bytes.slice(body, body + usable) };
    }
    offset = body + size + (size % 2);
  }
  throw new TypeError('WAV file without a data chunk.');
}
