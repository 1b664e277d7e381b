import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/error-message';
import { pushToast } from '@/lib/toast';
import type { AdminItem, AdminLesson } from '@contract/admin';

import { createLesson, updateLesson, uploadLessonVideo } from '../api';
import { emptyTitleDrafts, type TitleDrafts, titleDrafts, toTitleTranslations } from '../texts';
import { TitleTranslationFields } from './translation-fields';

/** A lesson title in English and the other languages: adds a lesson, or renames one (`lesson`). */
function LessonTitleForm({
  courseId,
  lesson,
  onSaved,
  onCancel,
}: {
  courseId: number;
  lesson?: AdminLesson;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(lesson?.title ?? '');
  const [drafts, setDrafts] = useState<TitleDrafts>(() =>
    lesson ? titleDrafts(lesson.translations) : emptyTitleDrafts(),
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError(t('admin:items.lessonTitleRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body = { title: title.trim(), translations: toTitleTranslations(drafts) };
      if (lesson) {
        await updateLesson(lesson.id, body);
        pushToast(t('admin:texts.titleSaved'), 'success');
      } else {
        await createLesson(courseId, body);
        setTitle('');
        setDrafts(emptyTitleDrafts());
      }
      onSaved();
    } catch (cause) {
      setError(errorMessage(cause, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="form admin-lesson-form"
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={lesson ? t('admin:texts.editTitle') : t('admin:items.addLesson')}
    >
      <TextField
        label={lesson ? t('admin:texts.titleEnglish') : t('admin:items.lessonTitle')}
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          setError(null);
        }}
        error={error}
      />
      <TitleTranslationFields
        drafts={drafts}
        onChange={(language, value) => setDrafts((current) => ({ ...current, [language]: value }))}
      />
      <div className="form__row">
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('admin:items.cancel')}
          </button>
        )}
        <button type="submit" className="button button--ghost" disabled={busy}>
          {lesson ? t('common:actions.save') : t('admin:items.addLesson')}
        </button>
      </div>
    </form>
  );
}

export function CourseLessons({ course, onChanged }: { course: AdminItem; onChanged: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);

  const upload = async (lessonId: number, file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      await uploadLessonVideo(lessonId, file);
      pushToast(t('admin:items.videoUploaded'), 'success');
      onChanged();
    } catch (cause) {
      pushToast(errorMessage(cause, t), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-lessons">
      {course.lessons.length === 0 ? (
        <p className="muted">{t('admin:items.noLessons')}</p>
      ) : (
        <ol className="lessons">
          {course.lessons.map((lesson) => (
            <li key={lesson.id} className="lessons__item">
              <span>
                {lesson.title}{' '}
                {lesson.has_video ? (
                  <span className="badge">{t('admin:items.hasVideo')}</span>
                ) : (
                  <span className="badge badge--danger">{t('walk:courses.noVideo')}</span>
                )}
              </span>
              <span className="lessons__actions">
                <button
                  type="button"
                  className="button button--ghost"
                  aria-expanded={editing === lesson.id}
                  aria-label={t('admin:texts.editTitleOf', { title: lesson.title })}
                  onClick={() => setEditing((current) => (current === lesson.id ? null : lesson.id))}
                >
                  {t('admin:texts.editTitle')}
                </button>
                <label className="button button--ghost file-button">
                  {lesson.has_video ? t('admin:items.replaceVideo') : t('admin:items.uploadVideo')}
                  <input
                    type="file"
                    accept="video/mp4,video/webm"
                    className="visually-hidden"
                    aria-label={t('walk:courses.videoFor', { title: lesson.title })}
                    disabled={busy}
                    onChange={(event) => void upload(lesson.id, event.target.files?.[0])}
                  />
                </label>
              </span>
              {editing === lesson.id && (
                <LessonTitleForm
                  courseId={course.id}
                  lesson={lesson}
                  onSaved={() => {
                    setEditing(null);
                    onChanged();
                  }}
                  onCancel={() => setEditing(null)}
                />
              )}
            </li>
          ))}
        </ol>
      )}
      {course.published ? (
        <p className="muted">{t('walk:courses.draftToAdd')}</p>
      ) : (
        <LessonTitleForm courseId={course.id} onSaved={onChanged} />
      )}
    </div>
  );
}
