import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AsyncState } from '@/components/async-state';
import { Pager } from '@/components/pager';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/error-message';
import { formatMoney } from '@/lib/format';
import { pushToast } from '@/lib/toast';
import { useAsync } from '@/lib/use-async';
import { PAGE_SIZE } from '@/lib/use-paged-list';
import type { AdminItem, ItemBody } from '@contract/admin';

import { createItem, fetchAdminCatalogue, updateItem } from '../api';
import {
  emptyNamedDrafts,
  namedDraftErrors,
  type NamedDrafts,
  namedDrafts,
  toNamedTranslations,
} from '../texts';
import { CourseLessons } from './course-lessons';
import { PackageForm } from './package-form';
import { PublishControl } from './publish-control';
import { NamedTranslationFields } from './translation-fields';

export interface ItemDraft {
  type: ItemBody['type'];
  name: string;
  description: string;
  price_usd: string;
  price_rub: string;
  package_id: string;
  /** The name and description in the other languages; a language left empty shows English in the store. */
  translations: NamedDrafts;
}

type DraftError = 'nameRequired' | 'priceInvalid' | 'packageInvalid';
type ItemErrors = Partial<Record<Exclude<keyof ItemDraft, 'translations'>, DraftError>> & {
  translations?: ReturnType<typeof namedDraftErrors>;
};

export const emptyItem = (): ItemDraft => ({
  type: 'product',
  name: '',
  description: '',
  price_usd: '',
  price_rub: '',
  package_id: '',
  translations: emptyNamedDrafts(),
});

export function validateItem(draft: ItemDraft): ItemErrors {
  const errors: ItemErrors = {};
  if (!draft.name.trim()) errors.name = 'nameRequired';
  for (const field of ['price_usd', 'price_rub'] as const) {
    const value = Number(draft[field].replace(',', '.'));
    if (draft[field].trim() === '' || !Number.isFinite(value) || value < 0) errors[field] = 'priceInvalid';
  }
  const pack = draft.package_id.trim();
  if (pack && !(Number.isInteger(Number(pack)) && Number(pack) > 0)) errors.package_id = 'packageInvalid';
  const translations = namedDraftErrors(draft.translations);
  if (Object.keys(translations).length > 0) errors.translations = translations;
  return errors;
}

export function toItemBody(draft: ItemDraft): ItemBody {
  return {
    type: draft.type,
    name: draft.name.trim(),
    description: draft.description.trim(),
    price_usd: Number(draft.price_usd.replace(',', '.')),
    price_rub: Number(draft.price_rub.replace(',', '.')),
    ...(draft.package_id.trim() ? { package_id: Number(draft.package_id) } : {}),
    translations: toNamedTranslations(draft.translations),
  };
}

/** Create (no itemId) or update an item; both prices are always entered since the store shows one currency. */
function ItemForm({
  initial,
  itemId,
  onSaved,
  onCancel,
}: {
  initial: ItemDraft;
  itemId?: number;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<ItemErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const messages: Record<DraftError, string> = {
    nameRequired: t('admin:items.nameRequired'),
    priceInvalid: t('admin:items.priceInvalid'),
    packageInvalid: t('admin:items.packageInvalid'),
  };
  const set = (field: Exclude<keyof ItemDraft, 'translations'>, value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const error = (field: Exclude<keyof ItemDraft, 'translations'>) => {
    const key = errors[field];
    return key ? messages[key] : null;
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateItem(draft);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      if (itemId) await updateItem(itemId, toItemBody(draft));
      else await createItem(toItemBody(draft));
      if (!itemId) setDraft(emptyItem());
      pushToast(itemId ? t('admin:items.saved') : t('admin:items.created'), 'success');
      onSaved();
    } catch (cause) {
      setServerError(errorMessage(cause, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      className="form admin-item-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={itemId ? t('admin:items.edit') : t('admin:items.add')}
    >
      <h3 className="form__title">{itemId ? t('admin:items.edit') : t('admin:items.add')}</h3>
      <label className="field">
        <span className="field__label">{t('admin:items.type')}</span>
        <select
          className="field__input"
          value={draft.type}
          disabled={Boolean(itemId)}
          onChange={(event) => set('type', event.target.value)}
        >
          <option value="product">{t('admin:items.product')}</option>
          <option value="video_course">{t('admin:items.videoCourse')}</option>
        </select>
      </label>
      <TextField
        label={t('admin:texts.nameEnglish')}
        value={draft.name}
        onChange={(event) => set('name', event.target.value)}
        error={error('name')}
      />
      <TextField
        label={t('admin:texts.descriptionEnglish')}
        value={draft.description}
        onChange={(event) => set('description', event.target.value)}
      />
      <NamedTranslationFields
        drafts={draft.translations}
        errors={errors.translations ?? {}}
        onChange={(language, field, value) =>
          setDraft((current) => ({
            ...current,
            translations: {
              ...current.translations,
              [language]: { ...current.translations[language], [field]: value },
            },
          }))
        }
      />
      <TextField
        label={t('admin:items.priceUsd')}
        inputMode="decimal"
        value={draft.price_usd}
        onChange={(event) => set('price_usd', event.target.value)}
        error={error('price_usd')}
      />
      <TextField
        label={t('admin:items.priceRub')}
        inputMode="decimal"
        value={draft.price_rub}
        onChange={(event) => set('price_rub', event.target.value)}
        error={error('price_rub')}
      />
      <TextField
        label={t('admin:items.packageId')}
        inputMode="numeric"
        value={draft.package_id}
        onChange={(event) => set('package_id', event.target.value)}
        error={error('package_id')}
        hint={t('admin:items.packageHint')}
      />
      {serverError && (
        <p className="form__error" role="alert">
          {serverError}
        </p>
      )}
      <div className="form__row admin-item-form__actions">
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('admin:items.cancel')}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('common:states.saving') : itemId ? t('common:actions.save') : t('admin:items.create')}
        </button>
      </div>
    </form>
  );
}

function ItemRow({
  packageId,
  item,
  onChanged,
}: {
  packageId: number;
  item: AdminItem;
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [lessonsOpen, setLessonsOpen] = useState(false);
  const course = item.type === 'video_course';
  return (
    <li className="item-list__row item-list__row--course" aria-label={item.name}>
      <div className="admin-item">
        <strong>{item.name}</strong>{' '}
        <span className="badge">{course ? t('admin:items.videoCourse') : t('admin:items.product')}</span>{' '}
        <PublishControl item={item} onChanged={onChanged} />
        <p className="muted">
          #{item.id} · {formatMoney(item.price_usd, 'USD', i18n.language)} ·{' '}
          {formatMoney(item.price_rub, 'RUB', i18n.language)}
        </p>
        {editing && (
          <ItemForm
            itemId={item.id}
            initial={{
              type: item.type,
              name: item.name,
              description: item.description,
              price_usd: String(item.price_usd),
              price_rub: String(item.price_rub),
              package_id: String(packageId),
              translations: namedDrafts(item.translations),
            }}
            onSaved={() => {
              setEditing(false);
              onChanged();
            }}
            onCancel={() => setEditing(false)}
          />
        )}
        {lessonsOpen && <CourseLessons course={item} onChanged={onChanged} />}
      </div>
      <div className="strategy-list__actions">
        {course && (
          <button
            type="button"
            className="button button--ghost"
            aria-expanded={lessonsOpen}
            onClick={() => setLessonsOpen((value) => !value)}
          >
            {t('admin:items.lessons')}
          </button>
        )}
        <button
          type="button"
          className="button button--ghost"
          aria-expanded={editing}
          onClick={() => setEditing((value) => !value)}
        >
          {t('admin:items.edit')}
        </button>
      </div>
    </li>
  );
}

/**
 * Every package with every item. The last page stays on screen while it reloads after a change, so an open lessons
 * list or form keeps its place (a plain paged list would unmount the rows while loading).
 */
export function ItemsPanel() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editingPackage, setEditingPackage] = useState<number | null>(null);
  const result = useAsync((signal) => fetchAdminCatalogue(page, PAGE_SIZE, signal), `admin-items|${page}`, {
    keepPrevious: true,
  });
  const list = result.data?.list ?? [];
  return (
    <section className="card" aria-labelledby="admin-items-title">
      <h2 id="admin-items-title" className="section-title">
        {t('admin:items.title')}
      </h2>
      <AsyncState
        loading={result.loading && !result.data}
        error={result.error ? errorMessage(result.error, t) : null}
        empty={list.length === 0}
        emptyText={t('admin:items.empty')}
        onRetry={result.reload}
      >
        {list.map((pack) => (
          <div key={pack.id} className="admin-package">
            <div className="section-head">
              <h3 className="form__title">
                {t('admin:items.packageTitle', { id: pack.id, name: pack.name })}
              </h3>
              <button
                type="button"
                className="button button--ghost"
                aria-expanded={editingPackage === pack.id}
                aria-label={t('admin:texts.editPackageOf', { name: pack.name })}
                onClick={() => setEditingPackage((current) => (current === pack.id ? null : pack.id))}
              >
                {t('admin:texts.editPackage')}
              </button>
            </div>
            {editingPackage === pack.id && (
              <PackageForm
                pack={pack}
                onSaved={() => {
                  setEditingPackage(null);
                  result.reload();
                }}
                onCancel={() => setEditingPackage(null)}
              />
            )}
            <ul className="item-list">
              {pack.items.map((item) => (
                <ItemRow key={item.id} packageId={pack.id} item={item} onChanged={result.reload} />
              ))}
            </ul>
          </div>
        ))}
        <Pager page={page} perPage={PAGE_SIZE} total={result.data?.total ?? 0} onPage={setPage} />
      </AsyncState>
      <ItemForm initial={emptyItem()} onSaved={result.reload} />
    </section>
  );
}
