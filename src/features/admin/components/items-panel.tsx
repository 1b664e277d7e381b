import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AsyncState } from '@/components/async-state';
import { Pager } from '@/components/pager';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/error-message';
import { pushToast } from '@/lib/toast';
import { usePagedList } from '@/lib/use-paged-list';

import { createItem, createLesson, deleteItem, fetchItems, uploadLessonVideo, type AdminItem } from '../api';

const EMPTY_ITEM = {
  type: 'product' as AdminItem['type'],
  name: '',
  description: '',
  price_usd: '',
  price_rub: '',
  package_id: '',
};

type ItemDraft = typeof EMPTY_ITEM;

export function validateItem(
  draft: ItemDraft,
): Partial<Record<keyof ItemDraft, 'nameRequired' | 'priceInvalid' | 'packageInvalid'>> {
  const errors: Partial<Record<keyof ItemDraft, 'nameRequired' | 'priceInvalid' | 'packageInvalid'>> = {};
  if (!draft.name.trim()) errors.name = 'nameRequired';
  for (const field of ['price_usd', 'price_rub'] as const) {
    const value = Number(draft[field]);
    if (draft[field].trim() === '' || !Number.isFinite(value) || value < 0) errors[field] = 'priceInvalid';
  }
  if (
    draft.package_id.trim() &&
    !(Number.isInteger(Number(draft.package_id)) && Number(draft.package_id) > 0)
  ) {
    errors.package_id = 'packageInvalid';
  }
  return errors;
}

function ItemForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(EMPTY_ITEM);
  const [errors, setErrors] = useState<ReturnType<typeof validateItem>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const messages = {
    nameRequired: t('admin:items.nameRequired'),
    priceInvalid: t('admin:items.priceInvalid'),
    packageInvalid: t('admin:items.packageInvalid'),
  };
  const set = (field: keyof ItemDraft, value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const error = (field: keyof ItemDraft) => (errors[field] ? messages[errors[field]] : null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateItem(draft);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await createItem({
        type: draft.type,
        name: draft.name.trim(),
        description: draft.description.trim(),
        price_usd: Number(draft.price_usd),
        price_rub: Number(draft.price_rub),
        ...(draft.package_id.trim() ? { package_id: Number(draft.package_id) } : {}),
      });
      setDraft(EMPTY_ITEM);
      pushToast(t('admin:items.created'), 'success');
      onCreated();
    } catch (cause) {
      setServerError(errorMessage(cause, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="form admin-item-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <h3 className="form__title">{t('admin:items.add')}</h3>
      <label className="field">
        <span className="field__label">{t('admin:items.type')}</span>
        <select
          className="field__input"
          value={draft.type}
          onChange={(event) => set('type', event.target.value)}
        >
          <option value="product">{t('admin:items.product')}</option>
          <option value="video_course">{t('admin:items.videoCourse')}</option>
        </select>
      </label>
      <TextField
        label={t('admin:items.name')}
        value={draft.name}
        onChange={(e) => set('name', e.target.value)}
        error={error('name')}
      />
      <TextField
        label={t('admin:items.description')}
        value={draft.description}
        onChange={(e) => set('description', e.target.value)}
      />
      <TextField
        label={t('admin:items.priceUsd')}
        inputMode="decimal"
        value={draft.price_usd}
        onChange={(e) => set('price_usd', e.target.value)}
        error={error('price_usd')}
      />
      <TextField
        label={t('admin:items.priceRub')}
        inputMode="decimal"
        value={draft.price_rub}
        onChange={(e) => set('price_rub', e.target.value)}
        error={error('price_rub')}
      />
      <TextField
        label={t('admin:items.packageId')}
        inputMode="numeric"
        value={draft.package_id}
        onChange={(e) => set('package_id', e.target.value)}
        error={error('package_id')}
      />
      {serverError && (
        <p className="form__error" role="alert">
          {serverError}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={saving}>
        {saving ? t('common:states.saving') : t('admin:items.create')}
      </button>
    </form>
  );
}

function Lessons({ item, onChanged }: { item: AdminItem; onChanged: () => void }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError(t('admin:items.lessonTitleRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await createLesson(item.id, title.trim());
      setTitle('');
      onChanged();
    } catch (cause) {
      setError(errorMessage(cause, t));
    } finally {
      setBusy(false);
    }
  };

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
      <ol className="lessons">
        {(item.lessons ?? []).map((lesson) => (
          <li key={lesson.id} className="lessons__item">
            <span>
              {lesson.title} {lesson.has_video ? '✓' : ''}
            </span>
            <label className="button button--ghost file-button">
              {lesson.has_video ? t('admin:items.replaceVideo') : t('admin:items.uploadVideo')}
              <input
                type="file"
                accept="video/mp4,video/webm"
                className="visually-hidden"
                disabled={busy}
                onChange={(event) => void upload(lesson.id, event.target.files?.[0])}
              />
            </label>
          </li>
        ))}
      </ol>
      <form className="form form--inline" noValidate onSubmit={(event) => void add(event)}>
        <TextField
          label={t('admin:items.lessonTitle')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={error}
        />
        <button type="submit" className="button button--ghost" disabled={busy}>
          {t('admin:items.addLesson')}
        </button>
      </form>
    </div>
  );
}

export function ItemsPanel() {
  const { t } = useTranslation();
  const list = usePagedList<AdminItem>(fetchItems);
  const [busy, setBusy] = useState<number | null>(null);

  const remove = async (item: AdminItem) => {
    if (!window.confirm(t('admin:items.deleteConfirm', { name: item.name }))) return;
    setBusy(item.id);
    try {
      await deleteItem(item.id);
      list.reload();
    } catch {
      // Shown by the global error handler.
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card" aria-labelledby="admin-items-title">
      <h2 id="admin-items-title" className="section-title">
        {t('admin:items.title')}
      </h2>
      <AsyncState
        loading={list.loading}
        error={list.error}
        empty={list.list.length === 0}
        emptyText={t('admin:items.empty')}
        onRetry={list.reload}
      >
        <ul className="item-list">
          {list.list.map((item) => (
            <li key={item.id} className="item-list__row item-list__row--course">
              <div>
                <strong>{item.name}</strong>{' '}
                <span className="badge">
                  {item.type === 'video_course' ? t('admin:items.videoCourse') : t('admin:items.product')}
                </span>
                <p className="muted">
                  ${item.price_usd} · {item.price_rub} ₽
                  {item.package_id ? ` · ${t('admin:items.packageId')} ${item.package_id}` : ''}
                </p>
                {item.type === 'video_course' && <Lessons item={item} onChanged={list.reload} />}
              </div>
              <button
                type="button"
                className="button button--danger"
                disabled={busy === item.id}
                onClick={() => void remove(item)}
              >
                {t('admin:items.delete')}
              </button>
            </li>
          ))}
        </ul>
        <Pager page={list.page} perPage={list.perPage} total={list.total} onPage={list.setPage} />
      </AsyncState>
      <ItemForm onCreated={list.reload} />
    </section>
  );
}
