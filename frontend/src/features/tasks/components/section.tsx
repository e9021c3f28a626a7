import { useId, type ReactNode } from 'react';

/** A titled part of the task page: a region named by its heading. */
export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-zinc-200 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-zinc-900">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
