import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A native modal dialog, so focus, Escape and the backdrop behave as the
 * platform does. Its content mounts on opening, so every opening starts
 * from the key as it is.
 */
export function KeyDialog({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={titleId}
      className="m-auto max-h-[85dvh] w-[min(28rem,calc(100%-2rem))] overflow-y-auto rounded-xl bg-white p-0 text-start shadow-xl ring-1 ring-zinc-200 backdrop:bg-zinc-950/50"
    >
      {open && (
        <div className="space-y-4 p-5 sm:p-6">
          <h2 id={titleId} className="text-lg font-semibold text-zinc-900">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
