import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { NAV_ITEMS } from './nav-items';

/** Top navigation from the md breakpoint up. */
export function TopNav() {
  const { t } = useTranslation('layout');
  return (
    <nav aria-label={t('mainNavigation')} className="hidden md:block">
      <ul className="flex items-center gap-1">
        {NAV_ITEMS.map(({ key, to }) => (
          <li key={key}>
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                `rounded-md px-3 py-2 text-sm font-medium transition-colors ${isActive ? 'bg-zinc-100 text-zinc-900' : 'text-zinc-600 hover:bg-zinc-50 hover:text-zinc-900'}`
              }
            >
              {t(`nav.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
