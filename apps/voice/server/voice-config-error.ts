/** A setting of the voice app (an environment variable or option) is wrong; the message says which and how to fix it. */
export class VoiceConfigError extends Error {
  override readonly name = 'VoiceConfigError';
}
