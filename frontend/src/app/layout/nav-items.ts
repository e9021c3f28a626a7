import { BookOpen, CreditCard, KeyRound, LayoutDashboard, ListChecks, ScrollText } from 'lucide-react';

export const NAV_ITEMS = [
  { key: 'dashboard', to: '/', icon: LayoutDashboard },
  { key: 'apiKeys', to: '/api-keys', icon: KeyRound },
  { key: 'apiDocs', to: '/api-docs', icon: BookOpen },
  { key: 'apiLogs', to: '/api-logs', icon: ScrollText },
  { key: 'tasks', to: '/tasks', icon: ListChecks },
  { key: 'subscription', to: '/subscription', icon: CreditCard },
] as const;
