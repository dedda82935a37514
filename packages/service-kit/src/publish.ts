import type { ConfirmChannel, Options } from 'amqplib';

const MAX_ERROR_LENGTH = 1_000;

/** An error as one bounded line (a retry header, an outbox row's last_error): its message, at most 1 000 characters. */
export function errorMessageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
}

/**
 * THE publish with publisher confirms (the outbox relay, the consumer's retry and dead-letter copies, a DLQ replay):
 * resolves when the broker has taken the message, rejects on a nack, a closed channel or no confirm within
 * `timeoutMs`. Exchange `''` with a queue name as routing key sends straight to that queue (the default exchange).
 */
export function publishConfirmed(
  channel: ConfirmChannel,
  exchange: string,
  routingKey: string,
  content: Buffer,
  options: Options.Publish,
  timeoutMs = 10_000,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no publisher confirm within ${timeoutMs} ms`)), timeoutMs);
    try {
      channel.publish(exchange, routingKey, content, options, (error: unknown) => {
        clearTimeout(timer);
        if (error) reject(error instanceof Error ? error : new Error(`broker refused the message: ${String(error)}`));
        else resolve();
      });
    } catch (error) {
      clearTimeout(timer);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
