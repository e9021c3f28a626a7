import type { HTMLAttributes } from 'react';

export function Card({ className = '', ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={`rounded-xl bg-white shadow-sm ring-1 ring-zinc-200 ${className}`} {...rest} />;
}
