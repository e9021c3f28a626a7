import type { ReactNode } from 'react';
import type { Inbox } from 'lucide-react';

/** A list with nothing to show (or nothing that matches): an icon, what is missing, and what to do next. */
export function EmptyState({ icon: Icon, text, hint, children }: { icon: typeof Inbox; text: string; hint?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center">
      <Icon aria-hidden="true" className="size-8 text-zinc-400" />
      <p className="mt-3 font-medium text-zinc-900">{text}</p>
      {hint && <p className="mt-1 text-sm text-zinc-500">{hint}</p>}
      {children}
    </div>
  );
}
