import { createLogger, runUntilSignalled } from '@platform/service-kit';
import { loadChatConfig } from './config.js';
import { start } from './index.js';

const config = loadChatConfig();
const logger = createLogger({ service: 'chat', level: config.LOG_LEVEL });
start(config).then(
  (service) => runUntilSignalled(logger, service),
  (error: unknown) => {
    logger.fatal({ err: error }, 'chat service failed to start');
    process.exit(1);
  },
);
