import type { LucideIcon } from 'lucide-react';

// Full class names, so the style build finds them.
const tones = {
  amber: 'bg-amber-50 text-amber-600',
  emerald: 'bg-emerald-50 text-emerald-600',
} as const;

/** The tinted square that leads a status card; the icon is decoration, the text beside it says the status. */
export function IconTile({ icon: Icon, tone }: { icon: LucideIcon; tone: keyof typeof tones }) {
  return (
    <span className={`flex size-10 shrink-0 items-center justify-center rounded-lg ${tones[tone]}`}>
      <Icon aria-hidden="true" className="size-5" />
    </span>
  );
}
