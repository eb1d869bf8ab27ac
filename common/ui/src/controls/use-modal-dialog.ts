import { useEffect, useRef } from 'react';

export interface ModalDialogOptions {
  /** A press on the backdrop (outside the dialog's box) cancels too. */
  backdrop?: boolean;
}

/**
 * The native modal <dialog> shared by the app's dialogs: `showModal()` while
 * `open` (the browser traps focus and moves it to the `autoFocus` element),
 * `close()` when no longer. Escape fires `onCancel` instead of closing the
 * dialog by itself, so `open` stays the only truth; without `onCancel` Escape
 * does nothing (a dialog that must be answered). With `backdrop`, a press on
 * the backdrop cancels as well. Put the answered ref on the <dialog>.
 */
export function useModalDialog(open: boolean, onCancel?: () => void, options: ModalDialogOptions = {}) {
  const ref = useRef<HTMLDialogElement>(null);
  // the latest callback, without re-adding the listeners on each render
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;
  const { backdrop = false } = options;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const cancel = (event: Event) => {
      event.preventDefault();
      cancelRef.current?.();
    };
    const click = (event: MouseEvent) => {
      if (event.target === event.currentTarget) cancelRef.current?.();
    };
    dialog.addEventListener('cancel', cancel);
    if (backdrop) dialog.addEventListener('click', click);
    return () => {
      dialog.removeEventListener('cancel', cancel);
      dialog.removeEventListener('click', click);
    };
  }, [backdrop]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return ref;
}
