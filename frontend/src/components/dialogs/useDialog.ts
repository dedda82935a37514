import { useCallback, useState } from 'react';

export interface TDialogState<T> {
  /** What the dialog is about; kept while it closes, so its content does not vanish mid-animation. */
  target: T | null;
  isOpen: boolean;
  open: (target: T) => void;
  close: () => void;
  /** Pass to the Modal's `afterClose`: forgets the target once the dialog is gone (focus is back on its opener). */
  afterClose: () => void;
}

/**
 * A dialog about one thing at a time (a user, a withdrawal, a submission). Render the dialog with
 * `key={target.id}`: each target gets a fresh dialog, so nothing typed for one user is offered for the next. The
 * Modal stays mounted while it closes, so antd returns the focus to the button that opened it.
 */
export function useDialog<T>(): TDialogState<T> {
  const [target, setTarget] = useState<T | null>(null);
  const [isOpen, setOpen] = useState(false);
  const open = useCallback((next: T) => {
    setTarget(next);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const afterClose = useCallback(() => setTarget(null), []);
  return { target, isOpen, open, close, afterClose };
}
