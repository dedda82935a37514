import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger, createMetrics, defineJob, startJobs, type TJobs } from '../src/index.js';
import { eventually, TEST_REDIS_URL, uniqueName } from '../src/testing.js';

const logger = createLogger({ service: 'jobs-test', level: 'silent' });
const prefix = `test:${uniqueName('jobs')}:`;
const started: TJobs[] = [];

afterAll(async () => {
  await Promise.all(started.map((jobs) => jobs.stop()));
  const redis = new Redis(TEST_REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

async function start(queue: string, jobs: Parameters<typeof startJobs>[0]['jobs'], metrics = createMetrics('jobs_test')) {
  const runner = await startJobs({ queue, redisUrl: TEST_REDIS_URL, redisPrefix: prefix, logger, metrics, jobs });
  started.push(runner);
  return runner;
}

describe('startJobs', () => {
  it('when two instances start the same scheduled job, then there is one scheduler and the job runs, each run on one instance', async () => {
    const runs: string[] = [];
    const tick = (instance: string) => defineJob({ name: 'tick', payload: z.object({}), every: 200, handle: async () => void runs.push(instance) });
    await start('scheduled', [tick('a')]);
    await start('scheduled', [tick('b')]);
    const queue = new Queue('scheduled', { connection: { url: TEST_REDIS_URL }, prefix: `${prefix}bull` });
    try {
      expect(await queue.getJobSchedulersCount()).toBe(1);
      await eventually(async () => runs.length >= 4, { what: 'four scheduled runs' });
      const completed = await queue.getJobCountByTypes('completed');
      expect(completed).toBeGreaterThanOrEqual(runs.length - 1);
    } finally {
      await queue.close();
    }
  });

  it('when a job is enqueued, then its payload is checked before and after, and the same jobId runs once', async () => {
    const seen: { userId: string; days: number }[] = [];
    const archive = defineJob({
      name: 'archive',
      payload: z.object({ userId: z.uuid(), days: z.coerce.number().int().min(1) }),
      handle: async (payload) => void seen.push(payload),
    });
    const jobs = await start('enqueued', [archive]);
    await expect(jobs.enqueue(archive, { userId: 'not-a-uuid', days: 1 })).rejects.toThrow();
    const userId = '5b0f4b8e-8f7e-4a4e-9d7e-2f1a3c4b5d6e';
    await jobs.enqueue(archive, { userId, days: '90' }, { jobId: 'archive-once' });
    await jobs.enqueue(archive, { userId, days: '90' }, { jobId: 'archive-once' });
    await eventually(async () => seen.length === 1, { what: 'the enqueued job to run' });
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([{ userId, days: 90 }]);
  });

  it('when a job keeps failing, then it is tried `attempts` times and counted as failed', async () => {
    let tries = 0;
    const metrics = createMetrics('jobs_fail');
    const flaky = defineJob({ name: 'flaky', payload: z.object({}), attempts: 2, handle: async () => { tries += 1; throw new Error('always'); } });
    const jobs = await start('failing', [flaky], metrics);
    await jobs.enqueue(flaky, {});
    const failed = async () => (await metrics.jobsRun.get()).values.find((v) => v.labels.job === 'flaky' && v.labels.outcome === 'failed')?.value ?? 0;
    await eventually(async () => (await failed()) === 2, { what: 'two failed runs', timeoutMs: 15_000 });
    await new Promise((r) => setTimeout(r, 1_500));
    expect(tries).toBe(2);
  });

  it('when two definitions share a name, then starting refuses', async () => {
    const job = defineJob({ name: 'same', payload: z.object({}), handle: async () => undefined });
    await expect(startJobs({ queue: 'dup', redisUrl: TEST_REDIS_URL, redisPrefix: prefix, logger, jobs: [job, job] })).rejects.toThrow(/share a name/);
  });
});
