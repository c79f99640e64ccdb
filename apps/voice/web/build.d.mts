/** Builds the page into `outdir` (default `dist/web` of the app); resolves with the folder. */
export function buildWeb(outdir?: string): Promise<string>;
