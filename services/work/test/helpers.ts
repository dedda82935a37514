import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { createTokenSigner } from '@platform/service-kit';
import { createTestEnvironment, type TTestEnvironment } from '@platform/service-kit/testing';
import { loadWorkConfig, type TWorkConfig } from '../src/config.js';
import { start, type TWorkService } from '../src/index.js';

export interface TTestUser {
  id: string;
  token: string;
}

export interface TWorkHarness {
  service: TWorkService;
  config: TWorkConfig;
  environment: TTestEnvironment;
  uploadDir: string;
  admin: TTestUser;
  /** A new worker (or admin) with a signed token. */
  newUser(role?: 'employee' | 'admin'): Promise<TTestUser>;
  api(method: string, path: string, options?: { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> }): Promise<TResponse>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Files in the upload folder (temporary ones included). */
  storedFiles(): Promise<string[]>;
  /** Stops the service and starts it again on the same database, queues and folder (a restart). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TResponse {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** The real work service in-process on port 0, with its own database, exchange, queues, Redis prefix and upload folder. */
export async function startWorkHarness(prefix: string, env: Record<string, string> = {}): Promise<TWorkHarness> {
  const environment = await createTestEnvironment(prefix);
  const uploadDir = await mkdtemp(join(tmpdir(), `work-uploads-${prefix}-`));
  const config = loadWorkConfig({ ...environment.env, UPLOAD_DIR: uploadDir, JOBS_ENABLED: 'false', ...env });
  const service = await start(config);
  const signer = await createTokenSigner({ privateKeyPem: environment.keys.privateKeyPem, audience: config.JWT_AUDIENCE, issuer: config.JWT_ISSUER });
  const newUser = async (role: 'employee' | 'admin' = 'employee'): Promise<TTestUser> => {
    const id = randomUUID();
    return { id, token: await signer.sign({ id, role }) };
  };
  const admin = await newUser('admin');
  const harness: TWorkHarness = {
    service,
    config,
    environment,
    uploadDir,
    admin,
    newUser,
    async api(method, path, options = {}) {
      const headers: Record<string, string> = { ...(options.headers ?? {}) };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let body: FormData | string | undefined;
      if (options.form) body = options.form;
      else if (options.body !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.body);
      }
      const response = await fetch(`${harness.service.url}${path}`, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      if ((response.headers.get('content-type') ?? '').includes('application/json')) parsed = text ? JSON.parse(text) : undefined;
      return { status: response.status, headers: response.headers, body: parsed };
    },
    async query<T>(sql: string, params: unknown[] = []) {
      const { rows } = await harness.service.pool.query(sql, params);
      return rows as T[];
    },
    async storedFiles() {
      return readdir(uploadDir);
    },
    async restart() {
      await harness.service.stop();
      harness.service = await start(config);
    },
    async close() {
      await harness.service.stop();
      await environment.cleanup();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** A valid task body for POST /api/admin/tasks. */
export function taskBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: `Task ${randomUUID().slice(0, 8)}`,
    description: 'Photograph the storefront',
    reward: '12.50',
    submissionInstructions: 'Attach one photo',
    estimatedMinutes: 15,
    ...overrides,
  };
}

export async function createTask(h: TWorkHarness, overrides: Record<string, unknown> = {}): Promise<{ id: string; [key: string]: unknown }> {
  const res = await h.api('POST', '/api/admin/tasks', { token: h.admin.token, body: taskBody(overrides) });
  if (res.status !== 201) throw new Error(`create task failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Creates a task and has the worker take it; returns the task id and the assignment id. */
export async function takenTask(h: TWorkHarness, worker: TTestUser, overrides: Record<string, unknown> = {}): Promise<{ taskId: string; assignmentId: string }> {
  const task = await createTask(h, overrides);
  const res = await h.api('POST', `/api/tasks/${task.id}/take`, { token: worker.token });
  if (res.status !== 201) throw new Error(`take failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { taskId: task.id, assignmentId: res.body.assignment.id };
}

export function submissionForm(text: string | undefined, files: { bytes: Uint8Array; name: string; type?: string }[] = []): FormData {
  const form = new FormData();
  if (text !== undefined) form.append('submission', text);
  for (const file of files) form.append('files', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  return form;
}

export async function submittedTask(h: TWorkHarness, worker: TTestUser, files: { bytes: Uint8Array; name: string; type?: string }[] = []) {
  const taken = await takenTask(h, worker);
  const res = await h.api('POST', `/api/tasks/${taken.taskId}/submit`, { token: worker.token, form: submissionForm('Done, see photo', files) });
  if (res.status !== 200) throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...taken, assignment: res.body.assignment };
}

export async function countEvents(h: TWorkHarness, type: string, assignmentId?: string): Promise<number> {
  const rows = assignmentId
    ? await h.query<{ n: string }>(`SELECT count(*) AS n FROM outbox WHERE type = $1 AND payload->'data'->>'assignmentId' = $2`, [type, assignmentId])
    : await h.query<{ n: string }>('SELECT count(*) AS n FROM outbox WHERE type = $1', [type]);
  return Number(rows[0]?.n ?? 0);
}

/* ---- Real media bytes, made here ---- */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1x1 red PNG. */
export function tinyPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0]));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', pixels), pngChunk('IEND', Buffer.alloc(0))]);
}

/** The smallest real JPEG: 1x1, red. */
export function tinyJpeg(): Buffer {
  // A real 1x1 JPEG (sharp, quality 90): submission images are decoded and re-encoded, so it must decode.
  return Buffer.from(
    '/9j/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABwn/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCdAAYqm//Z',
    'base64',
  );
}

/** A WebM (Matroska, DocType webm) EBML header followed by an empty Segment. */
export function tinyWebm(): Buffer {
  const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from('webm', 'ascii')]);
  const children = Buffer.concat([
    Buffer.from([0x42, 0x86, 0x81, 0x01]), // EBMLVersion 1
    Buffer.from([0x42, 0xf7, 0x81, 0x01]), // EBMLReadVersion 1
    Buffer.from([0x42, 0xf2, 0x81, 0x04]), // EBMLMaxIDLength 4
    Buffer.from([0x42, 0xf3, 0x81, 0x08]), // EBMLMaxSizeLength 8
    docType,
    Buffer.from([0x42, 0x87, 0x81, 0x04]), // DocTypeVersion 4
    Buffer.from([0x42, 0x85, 0x81, 0x02]), // DocTypeReadVersion 2
  ]);
  const ebml = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | children.length]), children]);
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([ebml, segment]);
}
