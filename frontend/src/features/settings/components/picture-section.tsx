import { useRef, useState, type ChangeEvent } from 'react';
import { Trash2, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ProfileView } from '@frameforge/functions/features/profiles/contracts/profile';
import { Button } from '../../../components/button';
import { useRemoveProfilePicture, useUploadProfilePicture } from '../api/profile-picture';
import { exportCrop, loadImage } from '../crop/export-crop';
import type { CropView } from '../crop/crop-geometry';
import type { CropSource } from '../crop/render-crop';
import type { SettingsStatus } from '../hooks/use-settings-status';
import { pictureFileProblem } from '../schemas';
import { isPictureTooLarge, UnreadableImageError } from '../settings-errors';
import { Avatar } from './avatar';
import { CropDialog } from './crop-dialog';
import { useSettingsMessages } from './settings-messages';

/** spec: after a picture change the page reloads; the pause lets the success message be read first. */
export const RELOAD_AFTER_PICTURE_MS = 1500;

function reloadSoon(): void {
  window.setTimeout(() => window.location.reload(), RELOAD_AFTER_PICTURE_MS);
}

export interface PictureSectionProps {
  profile: ProfileView;
  name: string;
  status: SettingsStatus;
}

export function PictureSection({ profile, name, status }: PictureSectionProps) {
  const { t } = useTranslation('settings');
  const messages = useSettingsMessages();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<CropSource | null>(null);
  const upload = useUploadProfilePicture();
  const remove = useRemoveProfilePicture();

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file chosen again must fire a change event too.
    event.target.value = '';
    if (!file) return;
    status.show(null);
    const problem = pictureFileProblem(file);
    if (problem) {
      status.show({ tone: 'error', text: t(`validation.${problem}`) });
      return;
    }
    try {
      setSource(await loadImage(file));
    } catch (error) {
      status.show({ tone: 'error', text: error instanceof UnreadableImageError ? t('messages.imageUnreadable') : messages.failure(error) });
    }
  };

  const apply = async (view: CropView) => {
    if (!source) return;
    const uploaded = await status.run(
      async () => {
        await upload.mutateAsync(await exportCrop(source, view));
        return messages.success('pictureUpdated');
      },
      (error) => (isPictureTooLarge(error) ? t('messages.pictureTooLarge') : messages.failure(error)),
    );
    setSource(null);
    if (uploaded) reloadSoon();
  };

  const removePicture = async () => {
    const removed = await status.run(async () => {
      await remove.mutateAsync();
      return messages.success('pictureRemoved');
    }, messages.failure);
    if (removed) reloadSoon();
  };

  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <Avatar url={profile.profile_picture_url} name={name} size="lg" alt={t('profile.pictureAlt')} />
      <div className="min-w-0">
        <div className="flex flex-wrap gap-2">
          <input ref={input} type="file" accept="image/*" onChange={(event) => void choose(event)} className="sr-only" tabIndex={-1} aria-hidden="true" data-testid="picture-input" />
          <Button variant="secondary" size="sm" disabled={status.busy} onClick={() => input.current?.click()}>
            <Upload aria-hidden="true" className="size-4" />
            {profile.profile_picture_url ? t('profile.changePicture') : t('profile.uploadPicture')}
          </Button>
          {profile.profile_picture_url && (
            <Button variant="ghost" size="sm" disabled={status.busy} onClick={() => void removePicture()} className="text-red-600 hover:bg-red-50 hover:text-red-700">
              <Trash2 aria-hidden="true" className="size-4" />
              {t('profile.removePicture')}
            </Button>
          )}
        </div>
        <p className="mt-2 text-xs text-zinc-500">{t('profile.pictureHint')}</p>
      </div>
      {source && <CropDialog source={source} busy={status.busy} onCancel={() => setSource(null)} onApply={(view) => void apply(view)} />}
    </div>
  );
}
