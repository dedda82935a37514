import { createLogger, loadConfig, runUntilSignalled, startTracing } from '@platform/service-kit';
import { ZGatewayConfigSchema } from './config.js';
import { start } from './index.js';

const config = loadConfig(ZGatewayConfigSchema);
// Off (nothing loaded) unless OTEL_EXPORTER_OTLP_ENDPOINT is set; before the server is made, which reads it.
const flushTraces = await startTracing('gateway');
const gateway = await start(config);
runUntilSignalled(createLogger({ service: 'gateway', level: config.LOG_LEVEL }), {
  url: gateway.url,
  internalUrl: gateway.internalUrl,
  async stop() {
    await gateway.stop();
    await flushTraces?.();
  },
});
