import type { ReactNode } from 'react';
import { LanguageSelect } from '../../components/language-select';
import { Logo } from '../../components/logo';

/** The centred card of the login and reset screens. */
export function AuthShell({ children, topStart }: { children: ReactNode; topStart?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-indigo-50/60 to-zinc-50">
      {/* A banner landmark: the way back and the language choice are not left outside every landmark. */}
      <header className="mx-auto flex w-full max-w-md items-center justify-between gap-3 px-4 pt-6">
        {topStart ?? <span />}
        <LanguageSelect />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 pt-8 sm:items-center">
        <div className="w-full max-w-md">
          <div className="mb-6 flex justify-center">
            <Logo />
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-zinc-200 sm:p-8">{children}</div>
        </div>
      </main>
    </div>
  );
}
