// The strategy diff page's inputs as pure functions: its address (which ranges to compare) and the library's
// ranges a player can pick, so the page's rules are tested without React or the server.
import type { CategoryKind, Pair, RangeButton, RootType, TreeNode } from '@contract/categories';

import { pairsFromList } from '../shared/range-rules';
import { exclusionsFromList } from '../shared/range-save';
import type { DiffChart } from './strategy-diff';

/**
 * /compare?from=<own range>&to=<own range>, or /compare?incoming=<share>&from=<own range>: the diff goes from
 * `from` (what the player has) to `to` or the incoming strategy (what they would get). Missing sides are picked on
 * the page; `invalid` names a parameter that is present but not an id, so the page can say so instead of guessing.
 */
export interface DiffParams {
  from: number | null;
  to: number | null;
  incoming: number | null;
  invalid: string | null;
}

// Ids are positive 32-bit integers on the server (contract/envelope.ts Id).
const MAX_ID = 2_147_483_647;

function readId(search: URLSearchParams, name: string): number | null | undefined {
  const raw = search.get(name);
  if (raw === null || raw === '') return null;
  if (!/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : undefined;
}

export function parseDiffParams(search: URLSearchParams): DiffParams {
  const params: DiffParams = { from: null, to: null, incoming: null, invalid: null };
  for (const name of ['from', 'to', 'incoming'] as const) {
    const id = readId(search, name);
    if (id === undefined) params.invalid ??= name;
    else params[name] = id;
  }
  // An incoming strategy is the "to" side itself.
  if (params.incoming !== null) params.to = null;
  return params;
}

/** The address of a diff, for links from the library and the profile and for the page's own pickers. */
export function diffPath(params: {
  from?: number | null;
  to?: number | null;
  incoming?: number | null;
}): string {
  const search = new URLSearchParams();
  if (params.incoming) search.set('incoming', String(params.incoming));
  if (params.from) search.set('from', String(params.from));
  if (params.to && !params.incoming) search.set('to', String(params.to));
  const query = search.toString();
  return query ? `/compare?${query}` : '/compare';
}

/** A range of the player's library as the pickers list it. */
export interface LibraryRange {
  id: number;
  name: string;
  /** The folders above it, outermost first. */
  path: string[];
  rootType: RootType;
}

/** Every range of a library tree in tree order, with its folder path. */
export function libraryRanges(
  nodes: readonly TreeNode[],
  rootType: RootType,
  path: string[] = [],
): LibraryRange[] {
  return nodes.flatMap((node) =>
    node.kind === 'range'
      ? [{ id: node.id, name: node.name, path, rootType }]
      : libraryRanges(node.children, rootType, [...path, node.name]),
  );
}

/** One side of the diff as loaded: what it is called and its chart. */
export interface DiffSide {
  name: string;
  kind: CategoryKind;
  rootType: RootType;
  buttons: RangeButton[];
  chart: DiffChart;
}

export function sideFromPairs(
  category: { name: string; kind: CategoryKind; root_type: RootType; buttons: RangeButton[] },
  pairs: readonly Pair[],
): DiffSide {
  return {
    name: category.name,
    kind: category.kind,
    rootType: category.root_type,
    buttons: category.buttons,
    chart: { pairs: pairsFromList(pairs), exclusions: exclusionsFromList(pairs) },
  };
}

/** The action's name: its button label on either side ("Raise / Open" when the two charts call it differently). */
export function actionLabel(color: string, from: readonly RangeButton[], to: readonly RangeButton[]): string {
  const label = (buttons: readonly RangeButton[]) =>
    buttons.find((button) => button.color.toLowerCase() === color.toLowerCase())?.label.trim() || null;
  const left = label(from);
  const right = label(to);
  if (left && right && left !== right) return `${left} / ${right}`;
  return left ?? right ?? color;
}
