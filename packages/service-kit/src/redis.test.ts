import { describe, expect, it } from 'vitest';
import { ZBaseConfigSchema } from './config.js';
import { redisConnectionOptions } from './redis.js';

describe('redisConnectionOptions', () => {
  it('when REDIS_URL names one server, then host, port, credentials and db come from it', () => {
    expect(redisConnectionOptions('redis://127.0.0.1:6379')).toEqual({ host: '127.0.0.1', port: 6379 });
    expect(redisConnectionOptions('redis://:s%40cret@redis.internal:6380/2')).toEqual({ host: 'redis.internal', port: 6380, password: 's@cret', db: 2 });
    expect(redisConnectionOptions('rediss://user:pw@cache:6379')).toMatchObject({ username: 'user', password: 'pw', tls: {} });
  });

  it('when REDIS_URL is unix://, then the client connects to that socket path (and the config accepts it)', () => {
    expect(ZBaseConfigSchema.shape.REDIS_URL.parse('unix:///tmp/outage-redis/redis.sock')).toBe('unix:///tmp/outage-redis/redis.sock');
    expect(redisConnectionOptions('unix:///tmp/outage-redis/redis.sock')).toEqual({ path: '/tmp/outage-redis/redis.sock' });
    expect(redisConnectionOptions('unix:///run/redis/redis.sock?db=3')).toEqual({ path: '/run/redis/redis.sock', db: 3 });
    expect(() => redisConnectionOptions('unix://redis/run/redis.sock')).toThrow(/with no host/);
  });

  it('when REDIS_URL is redis+sentinel://, then the client asks the sentinels for the named master (and the config accepts it)', () => {
    const url = 'redis+sentinel://:pw@redis-sentinel:26379/mymaster?sentinels=redis-1.redis:26379,redis-2.redis:26379';
    expect(ZBaseConfigSchema.shape.REDIS_URL.parse(url)).toBe(url);
    expect(redisConnectionOptions(url)).toEqual({
      sentinels: [
        { host: 'redis-sentinel', port: 26379 },
        { host: 'redis-1.redis', port: 26379 },
        { host: 'redis-2.redis', port: 26379 },
      ],
      name: 'mymaster',
      password: 'pw',
      sentinelPassword: 'pw',
    });
    expect(redisConnectionOptions('redis+sentinel://sentinel/mymaster/1')).toEqual({ sentinels: [{ host: 'sentinel', port: 26379 }], name: 'mymaster', db: 1 });
    expect(() => redisConnectionOptions('redis+sentinel://sentinel:26379')).toThrow(/names the master/);
    expect(() => redisConnectionOptions('http://redis:6379')).toThrow(/REDIS_URL must start with/);
  });
});
