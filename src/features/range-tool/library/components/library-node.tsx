import { type DragEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { TranslationKey } from '@/lib/i18n-keys';
import { useAtomValue } from '@/lib/store';
import type { TreeNode } from '@contract/categories';

import { diffPath } from '../../diff/diff-sides';
import type { CategoryAction } from '../../shared/api';
import { categoryIdAtom } from '../../shared/atoms';
import { Icon } from '../../shared/components/icons';
import { printPath } from '../../shared/print-path';
import type { useRangeLibrary } from '../use-range-library';

export type Library = ReturnType<typeof useRangeLibrary>;

const ACTIONS: Array<{ action: CategoryAction; key: TranslationKey }> = [
  { action: 'copyUp', key: 'ranges:library.copyUp' },
  { action: 'copyDown', key: 'ranges:library.copyDown' },
  { action: 'moveUp', key: 'ranges:library.moveUp' },
  { action: 'moveDown', key: 'ranges:library.moveDown' },
];

/** The dragged row's id and parent, so a drop only reorders among siblings (the server moves within a parent). */
let dragged: { id: number; parent: number | null } | null = null;

export interface NodeRowProps {
  node: TreeNode;
  parentId: number | null;
  /** The ids of this node and its siblings in order, to turn a drop into a number of moves. */
  siblingIds: number[];
  library: Library;
  onDelete: (node: TreeNode) => void;
  onShare: (node: TreeNode) => void;
  /** Opens the chart's public link dialog. */
  onPublish: (node: TreeNode) => void;
  onCreateIn: (node: TreeNode) => void;
}

/**
 * One row of the tree: folders open and close, a double click (or Rename, or F2) renames in place, the full name is
 * the tooltip when the panel is too narrow, and a row dragged onto a sibling moves there (Premium, via the server's
 * move up / move down; a free user gets the Premium window like the Move buttons).
 */
export function NodeRow(props: NodeRowProps) {
  const { node, parentId, siblingIds, library, onDelete, onShare, onPublish, onCreateIn } = props;
  const { t } = useTranslation();
  const selectedId = useAtomValue(categoryIdAtom);
  const [menuOpen, setMenuOpen] = useState(false);
  const [expanded, setExpanded] = useState(true);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState(false);
  const isContainer = node.kind !== 'range';
  const kindLabel =
    node.kind === 'folder'
      ? t('ranges:library.kindFolder')
      : node.kind === 'tournament'
        ? t('ranges:library.kindTournament')
        : t('ranges:library.kindRange');

  const finishRename = async (save: boolean) => {
    const name = renaming?.trim();
    setRenaming(null);
    if (save && name && name !== node.name) await library.rename(node.id, name);
  };
  const onRenameKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void finishRename(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setRenaming(null);
    }
  };

  const sameParent = () => dragged !== null && dragged.parent === parentId && dragged.id !== node.id;
  const onDragOver = (event: DragEvent) => {
    if (!sameParent()) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setDropTarget(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropTarget(false);
    if (!sameParent()) return;
    const from = siblingIds.indexOf(dragged!.id);
    const to = siblingIds.indexOf(node.id);
    dragged = null;
    if (from >= 0 && to >= 0) void library.reorder(siblingIds[from]!, to - from);
  };

  return (
    <li className={`library-node library-node--${node.kind}`} data-node-id={node.id}>
      <div
        className={`library-node__row${selectedId === node.id ? ' is-selected' : ''}${dropTarget ? ' is-drop-target' : ''}`}
        draggable={renaming === null}
        onDragStart={(event) => {
          dragged = { id: node.id, parent: parentId };
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', node.name);
        }}
        onDragEnd={() => {
          dragged = null;
        }}
        onDragOver={onDragOver}
        onDragLeave={() => setDropTarget(false)}
        onDrop={onDrop}
      >
        {isContainer ? (
          <button
            type="button"
            className="library-node__toggle"
            aria-expanded={expanded}
            aria-label={t(expanded ? 'ranges:library.collapseFolder' : 'ranges:library.expandFolder', {
              name: node.name,
            })}
            onClick={() => setExpanded(!expanded)}
          >
            <Icon name="chevron" size={14} />
          </button>
        ) : (
          <span className="library-node__toggle" aria-hidden="true" />
        )}
        {renaming !== null ? (
          <input
            className="library-node__rename"
            aria-label={t('ranges:library.name')}
            value={renaming}
            maxLength={120}
            autoFocus
            onChange={(event) => setRenaming(event.target.value)}
            onKeyDown={onRenameKey}
            onBlur={() => void finishRename(true)}
          />
        ) : (
          <button
            type="button"
            className="library-node__name"
            title={node.name}
            aria-current={selectedId === node.id ? 'true' : undefined}
            onClick={() => (isContainer ? setExpanded(!expanded) : void library.select(node.id))}
            // A ready-made strategy keeps the name it was sold under (the server refuses a rename).
            onDoubleClick={() => !node.is_template && setRenaming(node.name)}
            onKeyDown={(event) => event.key === 'F2' && !node.is_template && setRenaming(node.name)}
          >
            <span className="library-node__kind">
              <Icon
                name={node.kind === 'range' ? 'range' : node.kind === 'folder' ? 'folder' : 'trophy'}
                size={15}
              />
              <span className="visually-hidden">{kindLabel}</span>
            </span>
            <span className="library-node__text">{node.name}</span>
          </button>
        )}
        <button
          type="button"
          className="library-node__more"
          aria-expanded={menuOpen}
          aria-label={t('ranges:library.actions', { name: node.name })}
          title={t('ranges:library.actions', { name: node.name })}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          <Icon name="more" size={16} />
        </button>
      </div>
      {menuOpen && (
        <div className="library-node__actions">
          {!node.is_template && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setMenuOpen(false);
                setRenaming(node.name);
              }}
            >
              {t('ranges:library.rename')}
            </button>
          )}
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
          <Link className="button button--ghost" to={printPath(node.id, isContainer ? 4 : 1)}>
            {t('ranges:library.print')}
          </Link>
          {!isContainer && (
            <Link className="button button--ghost" to={diffPath({ from: node.id })}>
              {t('diff:compareWith')}
            </Link>
          )}
          {/* A ready-made folder stays as sold: the server refuses new nodes inside it. */}
          {isContainer && !node.is_template && (
            <button type="button" className="button button--ghost" onClick={() => onCreateIn(node)}>
              {t('ranges:library.addInside')}
            </button>
          )}
          {!node.is_template && (
            <button type="button" className="button button--ghost" onClick={() => onShare(node)}>
              {t('ranges:library.share')}
            </button>
          )}
          {/* Bought content is never published: the server refuses it too. */}
          {!isContainer && !node.is_template && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setMenuOpen(false);
                onPublish(node);
              }}
            >
              {t('ranges:library.publicLink')}
            </button>
          )}
          <button type="button" className="button button--danger" onClick={() => onDelete(node)}>
            {t('ranges:library.delete')}
          </button>
        </div>
      )}
      {node.children.length > 0 && expanded && (
        <ul className="library-tree">
          {node.children.map((child) => (
            <NodeRow
              key={child.id}
              {...props}
              node={child}
              parentId={node.id}
              siblingIds={node.children.map((entry) => entry.id)}
            />
          ))}
        </ul>
      )}
    </li>
  );
}
