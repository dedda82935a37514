import { crc32, deflateSync } from 'node:zlib';
import { DEV_ADMIN } from './browser.js';

/** Calls of the public API through the gateway, to arrange what a journey needs without clicking through it. */
export function apiClient(baseUrl: string) {
  async function api<T>(path: string, token: string | null, init: { method?: string; body?: unknown; form?: FormData } = {}): Promise<T> {
    const headers: Record<string, string> = {};
    if (token) headers.Authorization = `Bearer ${token}`;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(`${baseUrl}/api${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : {}) as T;
  }

  async function login(email: string, password: string): Promise<string> {
    return (await api<{ token: string }>('/auth/login', null, { method: 'POST', body: { email, password } })).token;
  }

  /** A worker registered through the API (documents not yet accepted); returns the token and id. */
  async function registerWorker(email: string, password: string, firstName: string, lastName: string): Promise<{ token: string; id: string }> {
    const registered = await api<{ token: string; user: { id: string } }>('/auth/register', null, {
      method: 'POST',
      body: { email, password, confirmPassword: password, firstName, lastName },
    });
    return { token: registered.token, id: registered.user.id };
  }

  return { api, login, registerWorker, adminToken: () => login(DEV_ADMIN.email, DEV_ADMIN.password) };
}

export async function waitUntil<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A valid small PNG (the server judges uploads by their content): one colour, or each pixel's from `colour`. */
export function makePng(size = 8, colour: (x: number, y: number) => [number, number, number] = () => [31, 111, 235]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) rows.set(colour(x, y), y * (1 + size * 3) + 1 + x * 3);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}
