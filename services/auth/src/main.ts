import { createLogger, runUntilSignalled } from '@platform/service-kit';
import { loadAuthConfig } from './config.js';
import { start } from './index.js';

const config = loadAuthConfig();
const logger = createLogger({ service: 'auth', level: config.LOG_LEVEL });
start(config).then(
  (service) => runUntilSignalled(logger, service),
  (error: unknown) => {
    logger.fatal({ err: error }, 'auth service failed to start');
    process.exit(1);
  },
);
