/**
 * `npm test`: every tier of tests, one after another, each to the end even when an earlier one failed, then a
 * summary: each tier's time, tests passed and failed, and the closing line `tests: N passed, N failed`. Exits 1 if
 * any test failed or a tier could not run.
 *
 *   npm test                      unit and integration, outage, browser journeys
 *   npm test -- outage e2e        only the tiers named (unit, outage, e2e)
 *
 * The tiers alone: `npm run test:unit`, `npm run test:outage`, `npm run test:e2e`.
 * With TEST_SUMMARY_FILE set, the summary is also written there as JSON (`.ci/run` prints it with its own steps); with
 * TEST_REPORT_DIR set, each tier's vitest JSON report is kept there (<tier>.json).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

interface TTier {
  key: string;
  name: string;
  /** The command; vitest's arguments for a JSON report are appended. */
  command: string[];
}

/** How many of each tier's slowest files the summary names. */
const SLOWEST = 5;

const TIERS: TTier[] = [
  { key: 'unit', name: 'unit and integration', command: ['npx', 'vitest', 'run'] },
  // Tests that stop and restart a shared server: alone, after the others.
  { key: 'outage', name: 'outage', command: ['npx', 'vitest', 'run', '--config', 'vitest.outage.config.ts'] },
  // Builds the frontend, then the journeys in Chromium against one stack (scripts/e2e.ts passes the arguments on).
  { key: 'e2e', name: 'browser journeys', command: ['npx', 'tsx', 'scripts/e2e.ts'] },
];

interface TTierResult {
  tier: string;
  seconds: number;
  files: number;
  passed: number;
  failed: number;
  skipped: number;
  /** Why the tier has no count (it could not start, or its runner died before reporting). */
  error?: string;
  /** The slowest files, where the tier's time goes. */
  slowest: { file: string; seconds: number }[];
  /** Each failed test (or file that failed before its tests ran) and the first line of why, so that the end of a long log names them. */
  failures: { file: string; test: string; reason: string }[];
}

/** vitest's JSON report (the fields read here). */
interface TJsonReport {
  numTotalTestSuites: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    startTime: number;
    endTime: number;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** How much of a failure's message the summary repeats (its first line, cut to this length). */
const FAILURE_TEXT = 300;

function runTier(tier: TTier, reportDir: string): TTierResult {
  const report = join(reportDir, `${tier.key}.json`);
  const started = Date.now();
  const run = spawnSync(tier.command[0]!, [...tier.command.slice(1), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd: ROOT, stdio: 'inherit' });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (!existsSync(report)) {
    return { tier: tier.name, seconds, files: 0, passed: 0, failed: 0, skipped: 0, error: `no report (exit ${run.status ?? run.signal ?? run.error?.message})`, slowest: [], failures: [] };
  }
  const json = JSON.parse(readFileSync(report, 'utf8')) as TJsonReport;
  // A file that failed before any test ran (an import error, a failing beforeAll) counts as a failure too.
  const failedFiles = json.testResults.filter((file) => file.status === 'failed').length;
  const result: TTierResult = {
    tier: tier.name,
    seconds,
    files: json.testResults.length,
    passed: json.numPassedTests,
    failed: Math.max(json.numFailedTests, json.numFailedTests === 0 && failedFiles > 0 ? failedFiles : 0),
    skipped: json.numPendingTests + json.numTodoTests,
    slowest: json.testResults
      .map((file) => ({ file: relative(ROOT, file.name), seconds: Math.round((file.endTime - file.startTime) / 1000) }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST),
    failures: failuresOf(json),
  };
  if (run.status !== 0 && result.failed === 0) result.error = `exit ${run.status ?? run.signal}`;
  return result;
}

function firstLine(text: string | undefined): string {
  // vitest's messages carry terminal colours; the summary is read in plain logs.
  const line = stripVTControlCharacters(text ?? '').split('\n').find((l) => l.trim()) ?? '';
  return line.trim().slice(0, FAILURE_TEXT);
}

function failuresOf(json: TJsonReport): TTierResult['failures'] {
  const failures: TTierResult['failures'] = [];
  for (const file of json.testResults) {
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push({ file: relative(ROOT, file.name), test: test.fullName, reason: firstLine(test.failureMessages?.[0]) });
    if (!failedTests.length && file.status === 'failed') failures.push({ file: relative(ROOT, file.name), test: '(the file, before or after its tests)', reason: firstLine(file.message) });
  }
  return failures;
}

function pad(text: string | number, width: number, right = false): string {
  const s = String(text);
  return right ? s.padStart(width) : s.padEnd(width);
}

function summaryLines(results: TTierResult[]): string[] {
  const lines = [`${pad('tier', 22)} ${pad('time', 9, true)} ${pad('files', 6, true)} ${pad('passed', 7, true)} ${pad('failed', 7, true)} ${pad('skipped', 8, true)}`];
  for (const r of results) {
    lines.push(`${pad(r.tier, 22)} ${pad(`${r.seconds} s`, 9, true)} ${pad(r.files, 6, true)} ${pad(r.passed, 7, true)} ${pad(r.failed, 7, true)} ${pad(r.skipped, 8, true)}${r.error ? `  ${r.error}` : ''}`);
  }
  for (const r of results) {
    if (!r.failures.length) continue;
    lines.push('', `failed, ${r.tier}:`);
    for (const failure of r.failures) lines.push(`  ${failure.file} > ${failure.test}`, `      ${failure.reason}`);
  }
  for (const r of results) {
    if (!r.slowest.length) continue;
    lines.push('', `slowest files, ${r.tier}:`);
    for (const file of r.slowest) lines.push(`  ${pad(`${file.seconds} s`, 7, true)}  ${file.file}`);
  }
  return lines;
}

/** The connections the tiers need at once: two test files, some with whole stacks, or the journeys' two stacks. */
const CONNECTIONS_NEEDED = 300;

/** Says, before anything runs, when PostgreSQL allows too few connections (tests would fail with "too many clients"). */
function checkPostgresConnections(): void {
  const shown = spawnSync('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-Atc', 'SHOW max_connections'], { encoding: 'utf8' });
  const allowed = Number(shown.stdout?.trim());
  if (shown.status === 0 && allowed < CONNECTIONS_NEEDED) {
    console.warn(
      `PostgreSQL allows ${allowed} connections; the tests need ${CONNECTIONS_NEEDED} (two files at a time, some with whole stacks). ` +
        `Raise it: psql -h 127.0.0.1 -U postgres -c 'ALTER SYSTEM SET max_connections = ${CONNECTIONS_NEEDED}', then restart PostgreSQL (.ci/run does both).`,
    );
  }
}

function main(): void {
  checkPostgresConnections();
  const asked = process.argv.slice(2).filter((arg) => arg !== '--');
  const unknown = asked.filter((key) => !TIERS.some((tier) => tier.key === key));
  if (unknown.length) {
    console.error(`Unknown tier ${unknown.join(', ')}: the tiers are ${TIERS.map((tier) => tier.key).join(', ')}.`);
    process.exit(2);
  }
  const tiers = asked.length ? TIERS.filter((tier) => asked.includes(tier.key)) : TIERS;
  // TEST_REPORT_DIR keeps each tier's vitest JSON report (every file's and test's time and failure) for a later look.
  const keepReports = process.env.TEST_REPORT_DIR;
  if (keepReports) mkdirSync(keepReports, { recursive: true });
  const reportDir = keepReports ? resolve(keepReports) : mkdtempSync(join(tmpdir(), 'test-reports-'));
  const started = Date.now();
  const results: TTierResult[] = [];
  try {
    for (const tier of tiers) {
      console.log(`\n== ${tier.name}\n`);
      results.push(runTier(tier, reportDir));
    }
  } finally {
    if (!keepReports) rmSync(reportDir, { recursive: true, force: true });
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  // A tier that could not report counts as one failure: a run must never look green for lack of a count.
  const failed = results.reduce((sum, r) => sum + (r.failed || (r.error ? 1 : 0)), 0);
  if (process.env.TEST_SUMMARY_FILE) writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({ seconds, passed, failed, tiers: results }, null, 2));
  console.log(`\n== Test summary (${Math.floor(seconds / 60)} min ${seconds % 60} s)\n`);
  for (const line of summaryLines(results)) console.log(line);
  console.log(`\ntests: ${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

main();
