import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../app/errorMessage';
import { useToast } from '../toast';
import { ConfirmDialog } from './ConfirmDialog';
import { useDialog } from './useDialog';

export interface TDeleteConfirmOptions<T, R = unknown> {
  /** The dialog's title ("Delete this task?"). */
  title: string;
  /** What will be deleted, in words: the item's name and what follows from deleting it. */
  describe: (target: T) => ReactNode;
  /** Deletes on the server; rejects with its error. */
  remove: (target: T) => Promise<R>;
  /** The toast after deleting; from the server's answer when that says more (e.g. "deactivated instead"). */
  deletedTitle: string | ((result: R, target: T) => string);
  failedTitle: string;
  /** The toast's key for this target (a second try replaces the first one's message). */
  toastKey: (target: T) => string;
  confirmLabel?: string;
  afterDelete?: (target: T) => void;
  testId?: string;
}

/**
 * Delete with a confirmation, the same way on every admin list (issue 25): `ask(row)` opens the dialog, focus starts
 * on Cancel, Delete runs the server call with progress, then a toast says what happened and the dialog closes.
 * Render `element` once in the page.
 */
export function useDeleteConfirm<T, R = unknown>({ title, describe, remove, deletedTitle, failedTitle, toastKey, confirmLabel, afterDelete, testId }: TDeleteConfirmOptions<T, R>) {
  const { t } = useTranslation();
  const toast = useToast();
  const dialog = useDialog<T>();
  const [deleting, setDeleting] = useState(false);
  const target = dialog.target;

  const confirm = async (item: T) => {
    setDeleting(true);
    try {
      const result = await remove(item);
      toast({ title: typeof deletedTitle === 'function' ? deletedTitle(result, item) : deletedTitle, action: toastKey(item) });
      afterDelete?.(item);
    } catch (error) {
      toast({ title: failedTitle, description: errorMessageOf(error), variant: 'destructive', action: toastKey(item) });
    } finally {
      setDeleting(false);
      dialog.close();
    }
  };

  const element = (
    <ConfirmDialog
      open={dialog.isOpen}
      afterClose={dialog.afterClose}
      title={title}
      confirmLabel={confirmLabel ?? t('common.delete')}
      danger
      loading={deleting}
      onConfirm={() => target !== null && void confirm(target)}
      onCancel={dialog.close}
      testId={testId}
    >
      {target !== null && describe(target)}
    </ConfirmDialog>
  );
  return { ask: dialog.open, element };
}
