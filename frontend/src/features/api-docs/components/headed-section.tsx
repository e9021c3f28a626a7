import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

export interface HeadedSectionProps {
  /** The heading's id, which names the section for screen readers. */
  id: string;
  title: string;
  icon: LucideIcon;
  /** h2 for a card of its own, h3 for a part of a card. */
  level: 'h2' | 'h3';
  className?: string;
  children: ReactNode;
}

/** A section of the docs named by its heading, which leads with a decorative icon. */
export function HeadedSection({ id, title, icon: Icon, level, className, children }: HeadedSectionProps) {
  const Heading = level;
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={`flex items-center gap-2 ${level === 'h2' ? 'text-base' : 'text-sm'} font-semibold text-zinc-900`}>
        <Icon aria-hidden="true" className="size-4 shrink-0 text-indigo-600" />
        {title}
      </Heading>
      {children}
    </section>
  );
}
