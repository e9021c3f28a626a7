import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { NAV_ITEMS } from './nav-items';

/** Below md: a horizontally scrolling tab strip replaces the top navigation. */
export function MobileTabs() {
  const { t } = useTranslation('layout');
  return (
    <nav aria-label={t('mainNavigation')} className="border-t border-zinc-200 md:hidden">
      <ul className="scrollbar-none flex gap-1 overflow-x-auto px-3 py-2">
        {NAV_ITEMS.map(({ key, to, icon: Icon }) => (
          <li key={key} className="shrink-0">
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                `flex items-center gap-1.5 whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${isActive ? 'bg-indigo-600 text-white' : 'text-zinc-600 hover:bg-zinc-100'}`
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(`nav.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
