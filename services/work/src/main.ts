import { createLogger, runUntilSignalled } from '@platform/service-kit';
import { loadWorkConfig } from './config.js';
import { start } from './index.js';

const config = loadWorkConfig();
const logger = createLogger({ service: 'work', level: config.LOG_LEVEL });
try {
  const service = await start(config);
  runUntilSignalled(logger, service);
} catch (error) {
  logger.fatal({ err: error }, 'work service failed to start');
  process.exit(1);
}
