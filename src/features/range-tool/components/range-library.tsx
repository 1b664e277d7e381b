import './range-library.css';

import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { Popup } from '@/components/popup';
import { notifyPremiumRequired } from '@/lib/api-client';
import type { TranslationKey } from '@/lib/i18n-keys';
import { useAtomValue } from '@/lib/store';
import type { CategoryKind, RootType, TreeNode } from '@contract/categories';

import type { CategoryAction } from '../api';
import { categoryIdAtom } from '../atoms';
import { useRangeLibrary } from '../use-range-library';
import { NoteEditor } from './note-editor';
import { SaveStatus } from './save-status';
import { SharePopup } from './share-popup';

type Library = ReturnType<typeof useRangeLibrary>;

const ACTIONS: Array<{ action: CategoryAction; key: TranslationKey }> = [
  { action: 'copyUp', key: 'ranges:library.copyUp' },
  { action: 'copyDown', key: 'ranges:library.copyDown' },
  { action: 'moveUp', key: 'ranges:library.moveUp' },
  { action: 'moveDown', key: 'ranges:library.moveDown' },
];

function NodeRow({ node, library, onDelete, onShare, onCreateIn }: NodeRowProps) {
  const { t } = useTranslation();
  const selectedId = useAtomValue(categoryIdAtom);
  const [open, setOpen] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const kindLabel =
    node.kind === 'folder'
      ? t('ranges:library.kindFolder')
      : node.kind === 'tournament'
        ? t('ranges:library.kindTournament')
        : t('ranges:library.kindRange');

  const submitRename = async (event: FormEvent) => {
    event.preventDefault();
    if (renaming?.trim()) await library.rename(node.id, renaming.trim());
    setRenaming(null);
  };

  return (
    <li className={`library-node library-node--${node.kind}`} data-node-id={node.id}>
      <div className={`library-node__row${selectedId === node.id ? ' is-selected' : ''}`}>
        {renaming !== null ? (
          <form className="library-node__rename" onSubmit={submitRename}>
            <input
              aria-label={t('ranges:library.name')}
              value={renaming}
              maxLength={120}
              autoFocus
              onChange={(event) => setRenaming(event.target.value)}
            />
            <button type="submit" className="button">
              {t('ranges:library.save')}
            </button>
          </form>
        ) : (
          <button
            type="button"
            className="library-node__name"
            aria-current={selectedId === node.id ? 'true' : undefined}
            onClick={() => node.kind === 'range' && void library.select(node.id)}
          >
            <span className="library-node__kind">{kindLabel}</span>
            {node.name}
          </button>
        )}
        <button
          type="button"
          className="icon-button"
          aria-expanded={open}
          aria-label={t('ranges:library.actions', { name: node.name })}
          onClick={() => setOpen(!open)}
        >
          ⋯
        </button>
      </div>
      {open && (
        <div className="library-node__actions">
          <button type="button" className="button button--ghost" onClick={() => setRenaming(node.name)}>
            {t('ranges:library.rename')}
          </button>
          {ACTIONS.map(({ action, key }) => (
            <button
              key={action}
              type="button"
              className="button button--ghost"
              onClick={() => void library.action(node.id, action)}
            >
              {t(key)}
            </button>
          ))}
          {node.is_template && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void library.action(node.id, 'createFromTemplate')}
            >
              {t('ranges:library.fromTemplate')}
            </button>
          )}
          {node.kind !== 'range' && (
            <button type="button" className="button button--ghost" onClick={() => onCreateIn(node)}>
              {t('ranges:library.addInside')}
            </button>
          )}
          {!node.is_template && (
            <button type="button" className="button button--ghost" onClick={() => onShare(node)}>
              {t('ranges:library.share')}
            </button>
          )}
          <button type="button" className="button button--danger" onClick={() => onDelete(node)}>
            {t('ranges:library.delete')}
          </button>
        </div>
      )}
      {node.children.length > 0 && (
        <ul className="library-tree">
          {node.children.map((child) => (
            <NodeRow
              key={child.id}
              node={child}
              library={library}
              onDelete={onDelete}
              onShare={onShare}
              onCreateIn={onCreateIn}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

interface NodeRowProps {
  node: TreeNode;
  library: Library;
  onDelete: (node: TreeNode) => void;
  onShare: (node: TreeNode) => void;
  onCreateIn: (node: TreeNode) => void;
}

/** The category tree of the page's root type with create, rename, delete, copy, move, share and notes. */
export function RangeLibrary({ rootType }: { rootType: RootType }) {
  const { t } = useTranslation();
  const library = useRangeLibrary(rootType);
  const ids = { name: useId(), kind: useId() };
  const [name, setName] = useState('');
  const [kind, setKind] = useState<CategoryKind>('range');
  const [parent, setParent] = useState<TreeNode | null>(null);
  const [deleting, setDeleting] = useState<TreeNode | null>(null);
  const [sharing, setSharing] = useState<TreeNode | null>(null);

  if (!library.signedIn) {
    return (
      <aside className="range-library range-library--guest">
        <h2>{t('ranges:library.title')}</h2>
        <p className="muted">{t('ranges:library.signInText')}</p>
        <Link className="button button--primary" to="/auth/login">
          {t('ranges:library.signIn')}
        </Link>
      </aside>
    );
  }

  // A free user gets the Premium window at once, not a search and a recipient first (issue 10 point 8).
  const openShare = (node: TreeNode) => (library.isPremium ? setSharing(node) : notifyPremiumRequired());

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    await library.create(name.trim(), kind, parent?.id ?? null);
    setName('');
    setParent(null);
  };

  return (
    <aside className="range-library" aria-labelledby="range-library-title">
      <h2 id="range-library-title">{t('ranges:library.title')}</h2>
      <form className="library-create" onSubmit={create}>
        <label htmlFor={ids.name}>
          {parent ? t('ranges:library.newInside', { name: parent.name }) : t('ranges:library.newItem')}
        </label>
        <input id={ids.name} value={name} maxLength={120} onChange={(event) => setName(event.target.value)} />
        <label htmlFor={ids.kind} className="visually-hidden">
          {t('ranges:library.kind')}
        </label>
        <select id={ids.kind} value={kind} onChange={(event) => setKind(event.target.value as CategoryKind)}>
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
      {!library.loading && library.tree.length === 0 && <p className="muted">{t('ranges:library.empty')}</p>}
      <ul className="library-tree library-tree--root">
        {library.tree.map((node) => (
          <NodeRow
            key={node.id}
            node={node}
            library={library}
            onDelete={setDeleting}
            onShare={openShare}
            onCreateIn={setParent}
          />
        ))}
      </ul>
      <SaveStatus />
      <NoteEditor />
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
    </aside>
  );
}
