/**
 * `npm run contracts:release`: writes the released contracts (packages/contracts/released/, see
 * scripts/contracts/released.ts) from the working tree: the event schemas and examples, the gateway's assembled
 * OpenAPI document and each service's internal routes (every service started in this process, as `npm run lint`
 * starts them), and each service's migrated tables. Run it when a version is released (and once after merging
 * branches that added contracts); commit the files. It first prints what the new release changes against the
 * previous one, breaking changes included: releasing them is a decision, the check does not stop it.
 * Needs the local PostgreSQL, RabbitMQ and Redis, not a running stack.
 */
import { execFileSync } from 'node:child_process';
import { assembleDocument } from '../gateway/src/api-docs.js';
import { checkContracts, formatFindings } from './contracts/check.js';
import { currentEvents, internalDocuments, migrationFiles, readReleased, RELEASED_DIR, tablesOf, writeReleased, type TReleasedTables } from './contracts/released.js';
import { startServicesForDocuments } from './service-documents.js';
import { ROOT } from './stack.js';

async function main(): Promise<void> {
  const events = currentEvents();
  const services = await startServicesForDocuments('release');
  let documents;
  const tables: TReleasedTables = {};
  try {
    documents = await services.documents();
    for (const { name, url } of [...services.databases].sort((a, b) => a.name.localeCompare(b.name))) {
      tables[name] = { migrations: migrationFiles(name), ...(await tablesOf(url)) };
    }
  } finally {
    await services.stop();
  }
  const current = { events, openapi: assembleDocument(documents), internal: internalDocuments(documents) };
  const previous = readReleased();
  if (previous) console.log(formatFindings(checkContracts(previous, current), previous.release, 1000));
  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--', 'packages', 'services', 'gateway', ':!packages/contracts/released'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
  writeReleased({ ...current, tables, release: { commit: dirty ? `${commit}+changes` : commit, releasedAt: new Date().toISOString() } });
  const operations = Object.values(current.openapi.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
  console.log(`Released to ${RELEASED_DIR}: ${Object.keys(events).length} event types, ${operations} public operations, ${Object.keys(tables).length} services' tables.`);
}

// Exits when done, as openapi-lint.ts does (a service's client may keep the event loop alive after stop()).
main().then(() => process.exit(0), (error: unknown) => {
  console.error(error);
  process.exit(1);
});
