import { createLogger, runUntilSignalled } from '@platform/service-kit';
import { loadAdminConfig } from './config.js';
import { start } from './index.js';

const config = loadAdminConfig();
const logger = createLogger({ service: 'admin', level: config.LOG_LEVEL });
try {
  const service = await start(config);
  runUntilSignalled(logger, service);
} catch (error) {
  logger.fatal({ err: error }, 'admin service failed to start');
  process.exit(1);
}
