import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDown, LogOut, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useProfile } from '../../features/settings/api/profile';
import { Avatar } from '../../features/settings/components/avatar';
import { displayName } from '../../features/settings/profile-display';

export function ProfileMenu({ email, onSignOut }: { email: string; onSignOut: () => void }) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const { data: profile } = useProfile();
  const username = displayName(profile?.username, email);
  const picture = profile?.profile_picture_url;

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label={t('accountMenu')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex items-center gap-1.5 rounded-full p-0.5 pe-2 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <Avatar url={picture} name={username} size="sm" />
        <ChevronDown aria-hidden="true" className="size-4 text-zinc-500" />
      </button>
      {open && (
        <div id={panelId} className="absolute end-0 z-30 mt-2 w-64 origin-top-right rounded-xl bg-white p-1 shadow-lg ring-1 ring-zinc-200">
          <div className="flex items-center gap-3 px-3 py-3">
            <Avatar url={picture} name={username} />
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-zinc-900" data-testid="profile-menu-name">
                {username}
              </p>
              <p className="truncate text-xs text-zinc-500">{email}</p>
            </div>
          </div>
          <div className="my-1 h-px bg-zinc-100" />
          <Link to="/settings" onClick={() => setOpen(false)} className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm text-zinc-700 hover:bg-zinc-50">
            <Settings aria-hidden="true" className="size-4" />
            {t('settings')}
          </Link>
          <button
            type="button"
            onClick={() => {
              setOpen(false);
              onSignOut();
            }}
            className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-start text-sm text-red-600 hover:bg-red-50"
          >
            <LogOut aria-hidden="true" className="size-4 rtl:rotate-180" />
            {t('signOut')}
          </button>
        </div>
      )}
    </div>
  );
}
