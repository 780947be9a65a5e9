// `npm test`: every Vitest project, then one plain summary line for CI ("N passed, N failed").
// The browser project runs only where /usr/bin/chromium exists and says so when it does not.
//
// Without arguments (a `--project` filter, another `--config`…) the browser suite (its files one after another, mostly waiting
// on the browser and the server) runs in a second Vitest process beside the other projects
// (one file at a time): on 2 cores the two halves overlap instead of adding up. Its output is
// printed when it ends, so neither half's report is interleaved with the other's.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, rmSync } from 'node:fs';

const extra = process.argv.slice(2);
const filtered = extra.length > 0;
if (!existsSync('/usr/bin/chromium')) {
  console.log('Browser tests SKIPPED: /usr/bin/chromium is not installed (apt-get install chromium).');
}

/** One Vitest run; resolves to its exit status and its JSON report's file name. */
function vitest(name, args, log) {
  const resultsFile = `.vitest-results${name ? `-${name}` : ''}.json`;
  rmSync(resultsFile, { force: true });
  const child = spawn('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${resultsFile}`, ...args], {
    stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  if (log) {
    const out = createWriteStream(log);
    child.stdout.pipe(out);
    child.stderr.pipe(out);
  }
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, resultsFile })));
}

const runs = filtered
  ? [vitest('', extra)]
  : [vitest('', ['--project', '!e2e', '--maxWorkers=1']), vitest('e2e', ['--project', 'e2e'], '.vitest-e2e.log')];
const done = await Promise.all(runs);
if (!filtered) {
  console.log('\n== browser suite (ran beside the others) ==');
  console.log(readFileSync('.vitest-e2e.log', 'utf8'));
}

let passed = 0,
  failed = 0,
  skipped = 0;
// The failures again, after everything else: CI keeps only the tail of a long log.
const failures = [];
for (const { resultsFile } of done) {
  if (!existsSync(resultsFile)) continue;
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests;
  skipped += results.numPendingTests + results.numTodoTests;
  for (const file of results.testResults) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    // A file that failed to load counts as a failure even though none of its tests ran.
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      failed += 1;
      failures.push(`${name}: ${firstLine(file.message)}`);
    }
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failures.push(`${name} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
}
function firstLine(message = '') {
  return message.split('\n').find((line) => line.trim() !== '') ?? '';
}
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
console.log(`\n${process.env.TEST_LABEL ? `${process.env.TEST_LABEL}: ` : ''}${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(done.every((run) => run.status === 0) && failed === 0 && passed > 0 ? 0 : 1);
