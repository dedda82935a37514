import type { Logger } from './logger.js';

/**
 * Runs a service's start() and stops it cleanly on SIGTERM or SIGINT: stop taking requests, finish what is in
 * flight, close consumers, relay and pools, then exit. A second signal or a stuck stop exits at once.
 */
export function runUntilSignalled(logger: Logger, stop: () => Promise<void>, graceMs = 15_000): void {
  let stopping = false;
  const onSignal = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs);
    timer.unref();
    stop().then(
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
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
