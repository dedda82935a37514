/**
 * `npm run lint:openapi` (part of `npm run lint`): the gateway's /api/docs/openapi.json, assembled exactly as the
 * gateway assembles it (assembleDocument) from the documents the services build from their route tables, linted by
 * Redocly's recommended ruleset (redocly.yaml). Fails on any error or warning. Needs the local PostgreSQL, RabbitMQ
 * and Redis (the services start in this process, on databases of their own), not a running stack.
 * `-- --keep <file>` also writes the document there.
 *
 * With the same documents (the services are started once), the contract check: every event schema, every public
 * route and every service's internal routes against the released contracts (packages/contracts/released/,
 * scripts/contracts/check.ts). Fails on a breaking change; CONTRIBUTING.md "Changing a contract".
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assembleDocument } from '../gateway/src/api-docs.js';
import { checkContracts, formatFindings } from './contracts/check.js';
import { currentEvents, internalDocuments, readReleased } from './contracts/released.js';
import { startServicesForDocuments } from './service-documents.js';
import { ROOT } from './stack.js';

async function main(): Promise<void> {
  const services = await startServicesForDocuments('oalint');
  let documents;
  try {
    documents = await services.documents();
  } finally {
    await services.stop();
  }
  const assembled = assembleDocument(documents);
  const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(assembled, null, 2));
  const keep = process.argv.indexOf('--keep');
  if (keep > 0 && process.argv[keep + 1]) writeFileSync(process.argv[keep + 1]!, JSON.stringify(assembled, null, 2));
  const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  const operations = Object.values(assembled.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
  console.log(`Linting the gateway's OpenAPI document (${operations} operations of ${Object.keys(documents).length} services) with Redocly's recommended rules`);
  const redocly = (format: string) =>
    spawnSync(process.execPath, [cli, 'lint', '--config', join(ROOT, 'redocly.yaml'), '--format', format, '--max-problems', '1000', file], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: format === 'json' ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      // Nothing leaves this machine: no usage data, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
  const checked = redocly('json');
  let totals: { errors: number; warnings: number } | undefined;
  try {
    totals = (JSON.parse(checked.stdout) as { totals: { errors: number; warnings: number } }).totals;
  } catch {
    console.error(`Redocly did not report (exit ${checked.status}):\n${checked.stderr}`);
  }
  let status = 1;
  if (totals && totals.errors === 0 && totals.warnings === 0) {
    console.log('OpenAPI: 0 errors, 0 warnings');
    status = 0;
  } else if (totals) {
    // A warning fails too, so the document stays clean: the problems again, readably.
    redocly('codeframe');
    console.error(`OpenAPI: ${totals.errors} errors, ${totals.warnings} warnings (gateway/src/api-docs.ts assembles the document; service-kit openapi.ts builds each service's)`);
  }
  rmSync(dir, { recursive: true, force: true });
  const released = readReleased();
  if (!released) {
    console.error('Contracts: nothing released yet (packages/contracts/released/): run `npm run contracts:release` and commit it');
    status = 1;
  } else {
    const findings = checkContracts(released, { events: currentEvents(), openapi: assembled, internal: internalDocuments(documents) });
    const report = formatFindings(findings, released.release);
    if (findings.some((finding) => finding.breaking)) {
      console.error(report);
      status = 1;
    } else {
      console.log(report);
    }
  }
  process.exit(status);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
