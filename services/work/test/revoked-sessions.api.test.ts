import { createRedis, createTokenSigner, revokeAllTokensOfUser, type Redis, type TTokenSigner } from '@platform/service-kit';
import { TEST_REDIS_URL } from '@platform/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTask, startWorkHarness, submissionForm, takenTask, taskBody, type TTestUser, type TWorkHarness } from './helpers.js';

/**
 * Issue 8, item 8: a user whose tokens were all revoked by auth (password reset or change, ban, deletion) is refused
 * by the work service too, through the shared service-kit token check and the shared REDIS_PREFIX.
 */
let h: TWorkHarness;
let signer: TTokenSigner;
/** Another process's connection under the same REDIS_PREFIX, as the auth service writes its revocations. */
let authRedis: Redis;

beforeAll(async () => {
  h = await startWorkHarness('work_revoked');
  signer = await createTokenSigner({ privateKeyPem: h.environment.keys.privateKeyPem, audience: h.config.JWT_AUDIENCE, issuer: h.config.JWT_ISSUER });
  authRedis = createRedis(TEST_REDIS_URL, h.environment.redisPrefix);
});
afterAll(async () => {
  authRedis?.disconnect();
  await h?.close();
});

const REVOKED = { message: 'Your session has ended. Please log in again.', code: 'AUTH.TOKEN_REVOKED' };

/** A token of the same user signed from now on (iat in milliseconds: strictly after a revocation made before). */
async function freshToken(user: TTestUser, role: 'employee' | 'admin' = 'employee'): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 2));
  return signer.sign({ id: user.id, role });
}

describe('a user whose tokens were all revoked', () => {
  it('when auth revokes every token of a worker, then the old token is 401 AUTH.TOKEN_REVOKED, takes and submits nothing, and a token issued afterwards works', async () => {
    const worker = await h.newUser();
    const { taskId } = await takenTask(h, worker);
    const free = await createTask(h);
    expect((await h.api('GET', '/api/tasks', { token: worker.token })).status).toBe(200);

    await revokeAllTokensOfUser(authRedis, worker.id);

    const list = await h.api('GET', '/api/tasks', { token: worker.token });
    expect({ status: list.status, body: list.body }).toEqual({ status: 401, body: REVOKED });
    const take = await h.api('POST', `/api/tasks/${free.id}/take`, { token: worker.token });
    expect({ status: take.status, body: take.body }).toEqual({ status: 401, body: REVOKED });
    const submit = await h.api('POST', `/api/tasks/${taskId}/submit`, { token: worker.token, form: submissionForm('Done') });
    expect({ status: submit.status, body: submit.body }).toEqual({ status: 401, body: REVOKED });
    expect(await h.query('SELECT status FROM tasks WHERE id = $1', [free.id])).toEqual([{ status: 'available' }]);
    expect(await h.query("SELECT 1 FROM task_assignments WHERE task_id = $1 AND status <> 'assigned'", [taskId])).toEqual([]);

    expect((await h.api('GET', '/api/tasks', { token: await freshToken(worker) })).status).toBe(200);
  });

  it("when auth revokes every token of an admin, then the old token is 401 on the admin routes and creates nothing", async () => {
    const admin = await h.newUser('admin');
    expect((await h.api('GET', '/api/admin/tasks', { token: admin.token })).status).toBe(200);
    await revokeAllTokensOfUser(authRedis, admin.id);
    const body = taskBody();
    const created = await h.api('POST', '/api/admin/tasks', { token: admin.token, body });
    expect({ status: created.status, body: created.body }).toEqual({ status: 401, body: REVOKED });
    expect(await h.query('SELECT 1 FROM tasks WHERE title = $1', [body.title])).toEqual([]);
    expect((await h.api('GET', '/api/admin/tasks', { token: await freshToken(admin, 'admin') })).status).toBe(200);
  });
});
