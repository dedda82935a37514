import { useEffect } from 'react';

function visibleDialogOpen(): boolean {
  for (const wrap of document.querySelectorAll<HTMLElement>('.ant-modal-wrap')) {
    if (wrap.getClientRects().length > 0 && getComputedStyle(wrap).display !== 'none') return true;
  }
  return false;
}

/**
 * Keeps the keyboard inside an open dialog (issue 10: focus trapped). antd locks the focus by pulling it back when
 * it lands outside the dialog, which works while there is something after the dialog to land on; a dialog is the
 * last thing in the page, so Tab from its last button left the page (focus on nothing). This guard is the last
 * element of the body and can take the focus only while a dialog is open: Tab lands on it, antd pulls the focus back
 * to the dialog's first control. Mounted once, in AppProviders.
 */
export function useDialogFocusGuard(): void {
  useEffect(() => {
    const guard = document.createElement('div');
    guard.setAttribute('data-dialog-focus-guard', '');
    guard.style.cssText = 'position:fixed;width:1px;height:1px;overflow:hidden;opacity:0;pointer-events:none;';
    guard.tabIndex = -1;
    const arm = () => {
      const open = visibleDialogOpen();
      guard.tabIndex = open ? 0 : -1;
      if (open && document.body.lastElementChild !== guard) document.body.appendChild(guard);
    };
    // Armed by a dialog that has closed since: nothing to send the focus back to, so it stops being a tab stop.
    guard.addEventListener('focus', () => {
      if (!visibleDialogOpen()) {
        guard.tabIndex = -1;
        guard.blur();
      }
    });
    document.body.appendChild(guard);
    // Focus moves into a dialog when it opens and back to its opener when it closes: a cheap moment to look.
    document.addEventListener('focusin', arm, true);
    return () => {
      document.removeEventListener('focusin', arm, true);
      guard.remove();
    };
  }, []);
}
