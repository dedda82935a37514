import { createAmqpConnection } from './amqp.js';
import { listDeadLetters, replayDeadLetters } from './dlq.js';
import { createLogger } from './logger.js';

/**
 * Operator tool for dead-letter queues:
 *   npx tsx packages/service-kit/src/dlq.cli.ts list <queue> [limit]
 *   npx tsx packages/service-kit/src/dlq.cli.ts replay <queue> [messageId ...]
 * <queue> is the consumer's main queue (with its QUEUE_PREFIX); its dead letters are in `<queue>.dlq`.
 * Connects to RABBITMQ_URL (default amqp://guest:guest@127.0.0.1:5672) and EVENTS_EXCHANGE (default platform.events).
 */
async function main(argv: string[]): Promise<number> {
  const [command, queue, ...rest] = argv;
  if ((command !== 'list' && command !== 'replay') || !queue) {
    process.stderr.write('usage: dlq.cli.ts list <queue> [limit] | replay <queue> [messageId ...]\n');
    return 2;
  }
  const logger = createLogger({ service: 'dlq-cli', level: process.env.LOG_LEVEL ?? 'warn' });
  const amqp = createAmqpConnection({
    url: process.env.RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    exchange: process.env.EVENTS_EXCHANGE ?? 'platform.events',
    logger,
    connectionName: 'dlq-cli',
  });
  try {
    await amqp.waitUntilConnected(10_000);
    if (command === 'list') {
      const limit = rest[0] ? Number(rest[0]) : 100;
      for (const letter of await listDeadLetters(amqp, queue, { limit })) process.stdout.write(`${JSON.stringify(letter)}\n`);
    } else {
      const result = await replayDeadLetters(amqp, queue, rest.length ? { messageIds: rest } : {});
      process.stdout.write(`${JSON.stringify(result)}\n`);
    }
    return 0;
  } finally {
    await amqp.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
