import { useState } from 'react';
import { avatarInitial } from '../profile-display';

const SIZES = { sm: 'size-8 text-sm', md: 'size-10 text-base', lg: 'size-20 text-2xl' } as const;

export interface AvatarProps {
  url: string | null | undefined;
  name: string;
  size?: keyof typeof SIZES;
  /** Empty when the name is written beside the avatar (the picture adds nothing for a screen reader). */
  alt?: string;
}

/** The profile picture, or the name's first letter when there is none (or it fails to load). */
export function Avatar({ url, name, size = 'md', alt = '' }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const classes = `${SIZES[size]} shrink-0 rounded-full`;
  if (url && url !== failedUrl) {
    return <img src={url} alt={alt} onError={() => setFailedUrl(url)} className={`${classes} bg-zinc-100 object-cover`} />;
  }
  return (
    <span role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true} className={`${classes} flex items-center justify-center bg-indigo-600 font-semibold text-white`}>
      {avatarInitial(name)}
    </span>
  );
}
