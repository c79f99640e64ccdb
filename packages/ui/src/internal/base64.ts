/** Base64 of bytes with web-standard APIs only (no `Buffer`), in slices so large files do not overflow the stack. @internal */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
