// `npm test`: every Vitest project, then one plain summary line for CI ("N passed, N failed").
// The browser project runs only where /usr/bin/chromium exists and says so when it does not.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const resultsFile = '.vitest-results.json';
rmSync(resultsFile, { force: true });
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...process.argv.slice(2)];
if (!existsSync('/usr/bin/chromium')) {
  console.log('Browser tests SKIPPED: /usr/bin/chromium is not installed (apt-get install chromium).');
}
const run = spawnSync('npx', args, { stdio: 'inherit' });

let passed = 0, failed = 0, skipped = 0;
if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed = results.numPassedTests;
  failed = results.numFailedTests;
  skipped = results.numPendingTests + results.numTodoTests;
  // A file that failed to load counts as a failure even though none of its tests ran.
  failed += results.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
}
console.log(`\n${process.env.TEST_LABEL ? `${process.env.TEST_LABEL}: ` : ''}${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
