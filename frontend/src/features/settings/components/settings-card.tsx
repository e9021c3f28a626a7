import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../components/card';

export interface SettingsCardProps {
  title: string;
  description?: string;
  icon: LucideIcon;
  tone?: 'default' | 'danger';
  children: ReactNode;
}

export function SettingsCard({ title, description, icon: Icon, tone = 'default', children }: SettingsCardProps) {
  const headingId = useId();
  const danger = tone === 'danger';
  return (
    <Card className={danger ? 'ring-red-200' : ''}>
      <section aria-labelledby={headingId} className="p-5 sm:p-6">
        <div className="mb-5 flex items-start gap-3">
          <span className={`flex size-9 shrink-0 items-center justify-center rounded-lg ${danger ? 'bg-red-50 text-red-600' : 'bg-indigo-50 text-indigo-600'}`}>
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id={headingId} className={`font-semibold ${danger ? 'text-red-700' : 'text-zinc-900'}`}>
              {title}
            </h2>
            {description && <p className="mt-0.5 text-sm text-zinc-600">{description}</p>}
          </div>
        </div>
        {children}
      </section>
    </Card>
  );
}
