import { createLogger, loadConfig, runUntilSignalled } from '@platform/service-kit';
import { ZGatewayConfigSchema } from './config.js';
import { start } from './index.js';

const config = loadConfig(ZGatewayConfigSchema);
const gateway = await start(config);
runUntilSignalled(createLogger({ service: 'gateway', level: config.LOG_LEVEL }), gateway.stop);
