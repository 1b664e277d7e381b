import './range-library.css';

import { type FormEvent, type KeyboardEvent, type PointerEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Popup } from '@/components/popup';
import { notifyPremiumRequired } from '@/lib/api-client';
import { useAtom, useAtomValue } from '@/lib/store';
import type { CategoryKind, RootType, TreeNode } from '@contract/categories';

import { SaveStatus } from '../../saving/components/save-status';
import { Icon } from '../../shared/components/icons';
import { LIBRARY_WIDTH, libraryCollapsedAtom, libraryWidthAtom } from '../library-layout';
import { useRangeLibrary } from '../use-range-library';
import { NodeRow } from './library-node';
import { NoteEditor } from './note-editor';
import { PublicLinkPopup } from './public-link-popup';
import { SharePopup } from './share-popup';

/** The panel's right edge: drag (or arrow keys) to resize it between 200 and 480 px. */
function ResizeHandle() {
  const { t } = useTranslation();
  const [width, setWidth] = useAtom(libraryWidthAtom);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const startX = event.clientX;
    const startWidth = width;
    const move = (moveEvent: globalThis.PointerEvent) => setWidth(startWidth + moveEvent.clientX - startX);
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = { ArrowLeft: -LIBRARY_WIDTH.step, ArrowRight: LIBRARY_WIDTH.step }[event.key];
    if (delta === undefined) return;
    event.preventDefault();
    setWidth(width + delta);
  };
  return (
    <div
      className="range-library__resize"
      role="separator"
      aria-orientation="vertical"
      aria-label={t('ranges:library.resize')}
      aria-valuemin={LIBRARY_WIDTH.min}
      aria-valuemax={LIBRARY_WIDTH.max}
      aria-valuenow={width}
      tabIndex={0}
      title={t('ranges:library.resize')}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}

/** Collapses the panel to a narrow rail and opens it again. */
function CollapseButton() {
  const { t } = useTranslation();
  const [collapsed, setCollapsed] = useAtom(libraryCollapsedAtom);
  const label = collapsed ? t('ranges:library.expand') : t('ranges:library.collapse');
  return (
    <button
      type="button"
      className="tool-button range-library__collapse"
      aria-expanded={!collapsed}
      aria-label={label}
      title={label}
      onClick={() => setCollapsed(!collapsed)}
    >
      <Icon name="panel" />
    </button>
  );
}

/**
 * The category tree of the page's root type with create, rename, delete, copy, move, share and notes. `onOpenRange`:
 * a range was chosen to open (on a phone the tool then shows its chart). `saveStatus`: the save state is shown here
 * (on a phone the tool shows it above whichever part is open instead).
 */
export function RangeLibrary({
  rootType,
  onOpenRange,
  saveStatus = true,
}: {
  rootType: RootType;
  onOpenRange?: () => void;
  saveStatus?: boolean;
}) {
  const { t } = useTranslation();
  const tree = useRangeLibrary(rootType);
  const library = {
    ...tree,
    select: (id: number) => {
      onOpenRange?.();
      return tree.select(id);
    },
  };
  const ids = { name: useId(), kind: useId() };
  const [name, setName] = useState('');
  const [kind, setKind] = useState<CategoryKind>('range');
  const [parent, setParent] = useState<TreeNode | null>(null);
  const [deleting, setDeleting] = useState<TreeNode | null>(null);
  const [sharing, setSharing] = useState<TreeNode | null>(null);
  const [publishing, setPublishing] = useState<TreeNode | null>(null);
  const collapsed = useAtomValue(libraryCollapsedAtom);

  if (!library.signedIn) {
    return (
      <aside className={`range-library range-library--guest${collapsed ? ' is-collapsed' : ''}`}>
        <div className="range-library__head">
          <h2>{t('ranges:library.title')}</h2>
          <CollapseButton />
        </div>
        <div className="range-library__body">
          {library.sessionEnded ? (
            // The banner under the header signs in over the page; a link away would leave the open range.
            <p className="muted">{t('auth:sessionEnded.text')}</p>
          ) : (
            <>
              <p className="muted">{t('ranges:library.signInText')}</p>
              <Link className="button button--primary" to="/auth/login">
                {t('ranges:library.signIn')}
              </Link>
            </>
          )}
        </div>
      </aside>
    );
  }

  // A free user gets the Premium window at once, not a search and a recipient first that lead only to it.
  const openShare = (node: TreeNode) => (library.isPremium ? setSharing(node) : notifyPremiumRequired());

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    await library.create(name.trim(), kind, parent?.id ?? null);
    setName('');
    setParent(null);
  };

  return (
    <aside
      className={`range-library${collapsed ? ' is-collapsed' : ''}`}
      aria-labelledby="range-library-title"
    >
      <div className="range-library__head">
        <h2 id="range-library-title">{t('ranges:library.title')}</h2>
        <CollapseButton />
      </div>
      <ResizeHandle />
      <div className="range-library__body">
        <form className="library-create" onSubmit={create}>
          <label htmlFor={ids.name}>
            {parent ? t('ranges:library.newInside', { name: parent.name }) : t('ranges:library.newItem')}
          </label>
          <input
            id={ids.name}
            value={name}
            maxLength={120}
            placeholder={t('ranges:library.newPlaceholder')}
            onChange={(event) => setName(event.target.value)}
          />
          <label htmlFor={ids.kind} className="visually-hidden">
            {t('ranges:library.kind')}
          </label>
          <select
            id={ids.kind}
            value={kind}
            onChange={(event) => setKind(event.target.value as CategoryKind)}
          >
            <option value="range">{t('ranges:library.kindRange')}</option>
            <option value="folder">{t('ranges:library.kindFolder')}</option>
            <option value="tournament">{t('ranges:library.kindTournament')}</option>
          </select>
          <button type="submit" className="button button--primary" disabled={!name.trim()}>
            {t('ranges:library.create')}
          </button>
          {parent && (
            <button type="button" className="button button--ghost" onClick={() => setParent(null)}>
              {t('ranges:library.cancel')}
            </button>
          )}
        </form>
        {!library.isPremium && <p className="library-note muted">{t('ranges:library.freeTierRule')}</p>}
        {library.loading && <p className="muted">{t('ranges:library.loading')}</p>}
        {library.error && (
          <p className="range-error" role="alert">
            {library.error}
          </p>
        )}
        {!library.loading && library.tree.length === 0 && (
          <p className="muted">{t('ranges:library.empty')}</p>
        )}
        <ul className="library-tree library-tree--root">
          {library.tree.map((node) => (
            <NodeRow
              key={node.id}
              node={node}
              parentId={null}
              siblingIds={library.tree.map((entry) => entry.id)}
              library={library}
              onDelete={setDeleting}
              onShare={openShare}
              onPublish={setPublishing}
              onCreateIn={setParent}
            />
          ))}
        </ul>
        {saveStatus && <SaveStatus />}
        <NoteEditor />
      </div>
      <Popup
        open={deleting !== null}
        title={t('ranges:library.deleteTitle')}
        onClose={() => setDeleting(null)}
      >
        <p>{t('ranges:library.deleteConfirm', { name: deleting?.name ?? '' })}</p>
        <div className="range-popup-actions">
          <button type="button" className="button button--ghost" onClick={() => setDeleting(null)}>
            {t('ranges:library.cancel')}
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={async () => {
              if (deleting) await library.remove(deleting.id);
              setDeleting(null);
            }}
          >
            {t('ranges:library.delete')}
          </button>
        </div>
      </Popup>
      <SharePopup node={sharing} onClose={() => setSharing(null)} />
      <PublicLinkPopup key={publishing?.id ?? 0} node={publishing} onClose={() => setPublishing(null)} />
    </aside>
  );
}
