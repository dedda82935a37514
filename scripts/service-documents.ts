/**
 * Every service started in this process, HTTP only (no consumers, jobs or relay), each on a database, exchange and
 * Redis prefix of its own (service-kit's test environment), to read the OpenAPI document it builds from its real
 * route table. Used by `npm run lint:openapi` (scripts/openapi-lint.ts, which also checks the contracts),
 * `npm run contracts:release`, scripts/openapi-routes.test.ts and
 * scripts/never-pay-to-get-paid.test.ts. Needs
 * the local PostgreSQL, RabbitMQ and Redis, not a running stack. Services are found by folder, so a new one is
 * covered unasked.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TOpenApiDocument } from '@platform/service-kit';
import { createTestEnvironment, type TTestEnvironment } from '@platform/service-kit/testing';
import type { TServiceName } from '../gateway/src/routes.js';
import { ROOT } from './stack.js';

type TStarted = { url: string; stop(): Promise<void> };
type TServiceModule = Record<string, unknown> & { start: (config: unknown) => Promise<TStarted> };

export const SERVICE_NAMES = readdirSync(join(ROOT, 'services'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'services', entry.name, 'src', 'index.ts')))
  .map((entry) => entry.name);

export interface TDocumentServices {
  started: { name: string; url: string }[];
  /** Each service's database, migrated by its start (the contracts release reads the tables from it). */
  databases: { name: string; url: string }[];
  /** Each service's document, as it serves it at /internal/openapi.json. */
  documents(): Promise<Partial<Record<TServiceName, TOpenApiDocument>>>;
  stop(): Promise<void>;
}

/** `names`: the services to start (default every one). */
export async function startServicesForDocuments(prefix: string, names: readonly string[] = SERVICE_NAMES): Promise<TDocumentServices> {
  const environments: TTestEnvironment[] = [];
  const databases: { name: string; url: string }[] = [];
  const started: { name: string; service: TStarted }[] = [];
  const files = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const stop = async () => {
    await Promise.all(started.map(({ service }) => service.stop()));
    await Promise.all(environments.map((environment) => environment.cleanup()));
    rmSync(files, { recursive: true, force: true });
  };
  try {
    await Promise.all(
      names.map(async (name) => {
        const module = (await import(`../services/${name}/src/index.ts`)) as TServiceModule;
        const configModule = (await import(`../services/${name}/src/config.ts`)) as Record<string, unknown>;
        const loadConfig = Object.entries(configModule).find(([key, value]) => /^load\w*Config$/.test(key) && typeof value === 'function')?.[1] as
          | ((env: Record<string, string>) => unknown)
          | undefined;
        if (!loadConfig) throw new Error(`services/${name}/src/config.ts exports no load...Config`);
        const environment = await createTestEnvironment(`${prefix}_${name}`);
        environments.push(environment);
        databases.push({ name, url: environment.database.url });
        const config = loadConfig({
          ...environment.env,
          // Only the HTTP routes are needed here.
          CONSUMERS_ENABLED: 'false',
          JOBS_ENABLED: 'false',
          OUTBOX_RELAY_ENABLED: 'false',
          MAIL_OUTBOX_DIR: join(files, `${name}-mail`),
          UPLOAD_DIR: join(files, `${name}-uploads`),
          MEDIA_DIR: join(files, `${name}-media`),
        });
        started.push({ name, service: await module.start(config) });
      }),
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    started: started.map(({ name, service }) => ({ name, url: service.url })),
    databases,
    async documents() {
      const documents: Partial<Record<TServiceName, TOpenApiDocument>> = {};
      for (const { name, service } of started) {
        const res = await fetch(`${service.url}/internal/openapi.json`);
        if (!res.ok) throw new Error(`${name}: /internal/openapi.json answered ${res.status}`);
        documents[name as TServiceName] = (await res.json()) as TOpenApiDocument;
      }
      return documents;
    },
    stop,
  };
}
