import { useTranslation } from 'react-i18next';

import { Popup } from '@/components/popup';
import { LANGUAGE_INFO } from '@/lib/languages';
import type { Lesson } from '@contract/shop';

/**
 * Plays an owned lesson; the server serves video_url with HTTP range requests, so seeking works. Captions come in
 * every language the lesson has, the interface language's shown by default.
 */
export function LessonPlayer({ lesson, onClose }: { lesson: Lesson; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Popup open title={lesson.title} onClose={onClose} className="lesson-player">
      {lesson.video_url ? (
        <video
          className="lesson-player__video"
          src={lesson.video_url}
          poster={lesson.poster_url ?? undefined}
          controls
          autoPlay
          preload="metadata"
        >
          {lesson.captions.map((track) => (
            <track
              key={track.language}
              kind="captions"
              src={track.url}
              srcLang={track.language}
              label={LANGUAGE_INFO[track.language].nativeName}
              default={track.language === i18n.language}
            />
          ))}
          {t('shop:lessons.noVideoSupport')}
        </video>
      ) : (
        <p className="state state--empty">{t('shop:lessons.noVideo')}</p>
      )}
    </Popup>
  );
}
