/**
 * `run` at most once at a time: a call while it runs asks for one more run after it, however many calls came
 * meanwhile (not one each). For a signal or a mark that only has to follow the latest change (the outbox's NOTIFY,
 * the statistics' "updated at"). A failed run is `run`'s own to report; it does not stop the next one.
 */
export function coalesced(run: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const start = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    void run()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) start();
      });
  };
  return start;
}
