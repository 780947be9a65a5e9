/** The flags every headless Chromium of the browser tests and benchmarks starts with: no background traffic or QUIC to disturb what is measured or waited for. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
