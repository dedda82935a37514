import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';

/**
 * Every browser journey fails on a Content-Security-Policy violation (the gateway sends the policy; the built app
 * must live within it: no inline scripts, nothing eval-like). Two sources, either is enough:
 * - the page's `securitypolicyviolation` event, reported by an init script (it runs before any page script, through
 *   the DevTools protocol, so the policy itself cannot block it);
 * - the browser's own console line ("Refused to ... because it violates the following Content Security Policy ...").
 * `watchCsp` is called by `newContext` for every context; the journeys' setup file fails the test after it ends
 * (`takeCspViolations`), and `checkScreen` fails at the screen where it happened.
 */
const violations: string[] = [];
const MARKER = '[csp-violation]';
const BROWSER_TEXT = /Content Security Policy/i;

const REPORTER = `(() => {
  document.addEventListener('securitypolicyviolation', (event) => {
    console.error('${MARKER} ' + event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline') + ' at ' + event.sourceFile + ':' + event.lineNumber + ' (' + event.disposition + ')');
  });
})();`;

function onConsole(page: Page, message: ConsoleMessage): void {
  const text = message.text();
  if (text.startsWith(MARKER) || (message.type() === 'error' && BROWSER_TEXT.test(text))) violations.push(`${page.url()}: ${text}`);
}

function watchPage(page: Page): void {
  page.on('console', (message) => onConsole(page, message));
}

export async function watchCsp(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: REPORTER });
  context.on('page', watchPage);
  for (const page of context.pages()) watchPage(page);
}

/** The violations seen since the last call (and forgets them). */
export function takeCspViolations(): string[] {
  return violations.splice(0);
}

/** Throws when a violation was seen: the journey stops where it happened. */
export function expectNoCspViolations(): void {
  const seen = takeCspViolations();
  if (seen.length > 0) throw new Error(`Content-Security-Policy violation(s):\n${seen.join('\n')}`);
}
