import { eventually } from '@platform/service-kit/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createUpstreamGroup, parseUpstreamList, type TUpstreamGroup } from './upstreams.js';

let group: TUpstreamGroup | undefined;
afterEach(() => group?.stop());

describe('parseUpstreamList', () => {
  it('when a variable lists instances with spaces and trailing slashes, then each base URL comes back clean', () => {
    expect(parseUpstreamList(' http://a:1/, http://b:2 ,,')).toEqual(['http://a:1', 'http://b:2']);
  });
});

describe('createUpstreamGroup', () => {
  it('when every instance is up, then picks go round them in turn', () => {
    group = createUpstreamGroup('chat', ['http://a', 'http://b', 'http://c'], { checkHealth: async () => undefined });
    expect(Array.from({ length: 6 }, () => group!.pick())).toEqual(['http://a', 'http://b', 'http://c', 'http://a', 'http://b', 'http://c']);
  });

  it('when requests come between sockets, then the sockets still alternate (requests and sockets go round separately)', () => {
    group = createUpstreamGroup('chat', ['http://a', 'http://b'], { checkHealth: async () => undefined });
    const sockets = [group.pick('socket'), group.pick(), group.pick('socket'), group.pick(), group.pick(), group.pick('socket')];
    expect([sockets[0], sockets[2], sockets[5]]).toEqual(['http://a', 'http://b', 'http://a']);
  });

  it('when a connection to an instance fails, then it is skipped until its health check answers again', async () => {
    let bHealthy = false;
    group = createUpstreamGroup('chat', ['http://a', 'http://b'], {
      checkIntervalMs: 20,
      checkHealth: async (url) => {
        if (url === 'http://b' && !bHealthy) throw new Error('refused');
      },
    });
    group.markDown('http://b');
    expect(Array.from({ length: 4 }, () => group!.pick())).toEqual(['http://a', 'http://a', 'http://a', 'http://a']);
    bHealthy = true;
    await eventually(async () => group!.upUrls().length === 2, { what: 'b to be put back' });
    expect(new Set(Array.from({ length: 4 }, () => group!.pick()))).toEqual(new Set(['http://a', 'http://b']));
  });

  it('when an instance stops answering its health check, then it is taken out without any request failing first', async () => {
    let aHealthy = true;
    group = createUpstreamGroup('chat', ['http://a', 'http://b'], {
      checkIntervalMs: 20,
      checkHealth: async (url) => {
        if (url === 'http://a' && !aHealthy) throw new Error('503');
      },
    });
    aHealthy = false;
    await eventually(async () => group!.upUrls().join() === 'http://b', { what: 'a to be taken out' });
  });

  it('when every instance is out, then picks still go round all of them (a service coming back is found at once)', () => {
    group = createUpstreamGroup('chat', ['http://a', 'http://b'], { checkHealth: async () => Promise.reject(new Error('down')) });
    group.markDown('http://a');
    group.markDown('http://b');
    expect(new Set([group.pick(), group.pick()])).toEqual(new Set(['http://a', 'http://b']));
  });

  it('when a service has one instance, then it is never taken out and no health check runs', () => {
    let checks = 0;
    group = createUpstreamGroup('auth', ['http://only'], { checkIntervalMs: 1, checkHealth: async () => void (checks += 1) });
    group.markDown('http://only');
    expect(group.upUrls()).toEqual(['http://only']);
    expect(group.pick()).toBe('http://only');
    expect(checks).toBe(0);
  });
});
