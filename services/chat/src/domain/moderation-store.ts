import { normaliseBannedWord, createMatcher, compileWord, type TMatcher } from './moderation.js';
import type { Logger, Pool } from '@platform/service-kit';
import type { TChatBus } from '../data-access/chat-bus.js';
import { addBannedWords, listBannedWords, removeBannedWords } from '../data-access/banned-words.repository.js';
import { CHAT_ERRORS } from './chat.errors.js';

export interface TModerationStore {
  /** The matcher every message uses: this instance's copy, current once the latest announcement is heard. */
  matcher(): TMatcher;
  /**
   * The matcher as PostgreSQL holds the words now (reloaded first), for the admin's list and test box: an admin who
   * added a word on one instance sees it on the next request, whichever instance answers it.
   */
  fresh(): Promise<TMatcher>;
  add(words: string[], adminId: string): Promise<string[]>;
  remove(words: string[]): Promise<string[]>;
  reload(): Promise<void>;
  stop(): void;
}

/**
 * The banned words, compiled once and kept in memory on every instance. A change is written to PostgreSQL, applied
 * on the instance that made it before it answers, and announced on the bus so the others reload at once; every
 * instance also reloads every `refreshMs` in case an announcement was missed. Reloads overlap (timer, announcement,
 * admin request): each applies its words only if no reload started after it has applied already, so a slow read of
 * the old list never replaces a newer one.
 */
export async function createModerationStore(options: { pool: Pool; bus: TChatBus; logger: Logger; refreshMs?: number }): Promise<TModerationStore> {
  let current = createMatcher(await listBannedWords(options.pool));
  let started = 0;
  let applied = 0;
  const reload = async () => {
    started += 1;
    const ticket = started;
    const words = await listBannedWords(options.pool);
    if (ticket > applied) {
      applied = ticket;
      current = createMatcher(words);
    }
  };
  const announce = async () => {
    await options.bus.publish({ kind: 'moderation_changed' }).catch((error: unknown) => options.logger.warn({ err: error }, 'moderation change not announced; others reload on their timer'));
  };
  options.bus.onEvent((event) => {
    if (event.kind === 'moderation_changed') reload().catch((error: unknown) => options.logger.warn({ err: error }, 'banned words not reloaded'));
  });
  const timer = setInterval(() => {
    reload().catch((error: unknown) => options.logger.warn({ err: error }, 'banned words not reloaded'));
  }, options.refreshMs ?? 60_000);
  timer.unref();

  const normalise = (words: string[]) => {
    const unique = [...new Set(words.map(normaliseBannedWord))];
    for (const word of unique) if (!compileWord(word)) throw CHAT_ERRORS.wordWithoutLetters(word);
    return unique;
  };

  return {
    matcher: () => current,
    async fresh() {
      await reload();
      return current;
    },
    async add(words, adminId) {
      await addBannedWords(options.pool, normalise(words), adminId);
      await reload();
      await announce();
      return current.words;
    },
    async remove(words) {
      await removeBannedWords(options.pool, [...new Set(words.map(normaliseBannedWord))]);
      await reload();
      await announce();
      return current.words;
    },
    reload,
    stop: () => clearInterval(timer),
  };
}
