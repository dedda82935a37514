/**
 * `npm run stats:rebuild`: rebuilds the admin dashboard's statistics read model from the services' internal APIs
 * (auth: users and verifications; work: tasks and submissions; payouts: withdrawals). It signs in as an admin through
 * the gateway and calls POST /api/admin/stats/rebuild; the admin service reads every snapshot with that admin's token
 * and replaces the read model in one transaction (nothing changes if a service does not answer).
 *
 * Environment: GATEWAY_URL (default http://localhost:8080); ADMIN_TOKEN, or ADMIN_EMAIL and ADMIN_PASSWORD (default:
 * the development admin that `npm start` seeds).
 */
import { DEV_ADMIN } from './stack.js';

async function call(url: string, init: RequestInit): Promise<unknown> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(120_000) });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : {};
  if (!response.ok) {
    const message = (body as { message?: string }).message ?? text;
    throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status}: ${message}`);
  }
  return body;
}

export async function rebuildStatistics(env: Record<string, string | undefined> = process.env): Promise<unknown> {
  const base = (env.GATEWAY_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
  let token = env.ADMIN_TOKEN;
  if (!token) {
    const email = env.ADMIN_EMAIL ?? DEV_ADMIN.email;
    const password = env.ADMIN_PASSWORD ?? DEV_ADMIN.password;
    const login = (await call(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })) as { token: string };
    token = login.token;
  }
  return call(`${base}/api/admin/stats/rebuild`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  rebuildStatistics()
    .then((result) => {
      console.log('statistics rebuilt:', JSON.stringify(result));
    })
    .catch((error: unknown) => {
      console.error(`stats:rebuild failed: ${(error as Error).message}`);
      process.exit(1);
    });
}
