/**
 * Built files whose name never changes while their content does: the browser must always
 * ask for them (server/web/index.ts), and the build leaves them without precompressed copies
 * (scripts/precompress.ts) so a file replaced in place is never shadowed by an old .br/.gz;
 * they are compressed on the fly instead.
 */
export const ALWAYS_REVALIDATE = new Set(['index.html', 'sw.js', 'registerSW.js', 'manifest.webmanifest']);
