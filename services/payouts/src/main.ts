import { createLogger, runUntilSignalled } from '@platform/service-kit';
import { loadPayoutsConfig } from './config.js';
import { start } from './index.js';

const config = loadPayoutsConfig();
const logger = createLogger({ service: 'payouts', level: config.LOG_LEVEL });
start(config).then(
  (service) => runUntilSignalled(logger, service),
  (error: unknown) => {
    logger.fatal({ err: error }, 'payouts service failed to start');
    process.exit(1);
  },
);
