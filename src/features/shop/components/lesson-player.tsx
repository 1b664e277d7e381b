import { useTranslation } from 'react-i18next';

import { Popup } from '@/components/popup';
import type { Lesson } from '@contract/shop';

/** Plays an owned lesson; the server serves video_url with HTTP range requests, so seeking works. */
export function LessonPlayer({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup open title={lesson.title} onClose={onClose} className="lesson-player">
      {lesson.video_url ? (
        <video className="lesson-player__video" src={lesson.video_url} controls autoPlay preload="metadata">
          {t('shop:lessons.noVideoSupport')}
        </video>
      ) : (
        <p className="state state--empty">{t('shop:lessons.noVideo')}</p>
      )}
    </Popup>
  );
}
