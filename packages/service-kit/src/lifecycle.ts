import type { ChildProcess } from 'node:child_process';
import type { Logger } from './logger.js';

/** What a started process tells its parent (scripts/stack.ts) once it listens: the addresses it actually bound. */
export interface TListeningMessage {
  type: 'listening';
  /** The public base URL (HOST and the port bound: PORT, or the one the system gave for PORT=0, or LISTEN_FD's). */
  url: string;
  /** /health, /ready and /metrics (INTERNAL_HOST and the port bound). */
  internalUrl: string;
}

export interface TRunningService {
  url: string;
  internalUrl: string;
  stop(): Promise<void>;
}

/**
 * Keeps a started service running and stops it cleanly on SIGTERM or SIGINT: stop taking requests, finish what is
 * in flight, close consumers, relay and pools, then exit. A second signal or a stuck stop exits at once.
 *
 * Started by a parent with an IPC channel (scripts/stack.ts starts every process with PORT=0 and INTERNAL_PORT=0),
 * it reports the addresses it bound ({@link TListeningMessage}), so no port is ever chosen for it by someone else;
 * and when that channel closes (the parent died without stopping it), it stops as on SIGTERM instead of living on.
 */
export function runUntilSignalled(logger: Logger, service: TRunningService, graceMs = 15_000): void {
  let stopping = false;
  const shutDown = (reason: string) => {
    stopping = true;
    logger.info({ reason }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    service.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      },
    );
  };
  const onSignal = (signal: string) => {
    if (stopping) process.exit(1);
    shutDown(signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  if (process.send && process.connected) {
    const message: TListeningMessage = { type: 'listening', url: service.url, internalUrl: service.internalUrl };
    process.send(message);
    process.once('disconnect', () => {
      if (!stopping) shutDown('the parent process is gone');
    });
  }
}

/**
 * The parent's side: waits for a child process started with an IPC channel (stdio 'ipc') to report the addresses it
 * bound. Rejects, with the child's last output lines, if it exits first or says nothing within the time.
 */
export function waitForListening(child: ChildProcess, options: { name: string; output?: () => string[]; timeoutMs?: number }): Promise<TListeningMessage> {
  const { name, timeoutMs = 90_000 } = options;
  const lastLines = () => (options.output?.() ?? []).slice(-30).join('\n');
  return new Promise((resolveReport, rejectReport) => {
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message: unknown) => {
      if ((message as TListeningMessage | undefined)?.type !== 'listening') return;
      done();
      resolveReport(message as TListeningMessage);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      done();
      rejectReport(new Error(`${name} exited with ${signal ?? `code ${code}`} while starting:\n${lastLines()}`));
    };
    const timer = setTimeout(() => {
      done();
      rejectReport(new Error(`${name} did not report its addresses within ${timeoutMs / 1000} s:\n${lastLines()}`));
    }, timeoutMs);
    child.on('message', onMessage);
    child.on('exit', onExit);
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
  });
}
