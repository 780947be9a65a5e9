/**
 * A fix of Dexie's liveQuery, applied to its code when the app is built (vite.config.ts).
 *
 * Dexie keeps every change that did not concern a live query until that query runs again: a
 * query the catalogue's writes never touch (the sync status, the badges) gathers every product
 * key written, and each commit then costs a merge into that ever larger set on the main thread,
 * for every live query on the screen (hundreds of ms per catalogue page at 10,000 products on a
 * slow phone: bench/README.md, "The working set on the phone profile"). The gathered changes
 * matter only while the query runs, when its new reads are not known yet; between runs a change
 * is only compared with what the query read, neither kept nor copied. Throws when Dexie's code
 * no longer reads as expected, so that an upgrade of Dexie is checked again.
 */
const PATCHES: Array<[RegExp, string]> = [
  [/(var accumMuts = \{\};)/, '$1 var querying = false;'],
  [/(accumMuts = \{\};\s*var subscr = \{\};)/, '$1 querying = true;'],
  [/(Promise\.resolve\(ret\)\.then\(function \(result\) \{)/, '$1 if (!ctx.signal.aborted) querying = false;'],
  [/(\}, function \(err\) \{)(\s*if \(closed \|\| ctx\.signal\.aborted\))/, '$1 if (!ctx.signal.aborted) querying = false;$2'],
  // Between runs a change is only compared with what the query read: neither kept nor copied.
  [
    /(var mutationListener = function \(parts\) \{)(\s*extendObservabilitySet\(accumMuts, parts\);)/,
    '$1 if (!querying) { if (obsSetsOverlap(currentObs, parts)) doQuery(); return; }$2',
  ],
];

/** Dexie's code (dist/dexie.js or dist/dexie.mjs) with the fix; `file` names it in the error. */
export function patchLiveQuery(code: string, file: string): string {
  let patched = code;
  for (const [pattern, replacement] of PATCHES) {
    if (!pattern.test(patched)) throw new Error(`Dexie's liveQuery changed: ${pattern} not found in ${file}`);
    patched = patched.replace(pattern, replacement);
  }
  return patched;
}
