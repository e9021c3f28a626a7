import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../components/card';

/** One card of the guide above the reference. */
export function GuideSection({ id, title, icon: Icon, children }: { id: string; title: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <Card className="min-w-0 p-5 sm:p-6">
      <section aria-labelledby={id} className="space-y-3 text-sm text-zinc-600">
        <h2 id={id} className="flex items-center gap-2 text-base font-semibold text-zinc-900">
          <Icon aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}
