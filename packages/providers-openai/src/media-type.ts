const EXTENSIONS: { readonly [ext: string]: string } = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
};

/**
 * Guesses a media type from a URL's file extension, for files that come back as bare URLs.
 * @internal
 */
export function mediaTypeFromUrl(url: string, fallback: string): string {
  const match = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url);
  return (match?.[1] && EXTENSIONS[match[1].toLowerCase()]) || fallback;
}
