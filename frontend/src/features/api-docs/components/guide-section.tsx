import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '../../../components/card';
import { HeadedSection } from './headed-section';

/** One card of the guide above the reference. */
export function GuideSection({ id, title, icon, children }: { id: string; title: string; icon: LucideIcon; children: ReactNode }) {
  return (
    <Card className="min-w-0 p-5 sm:p-6">
      <HeadedSection id={id} title={title} icon={icon} level="h2" className="space-y-3 text-sm text-zinc-600">
        {children}
      </HeadedSection>
    </Card>
  );
}
