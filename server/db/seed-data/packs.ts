import type { RangeButton } from '../../../contract/categories.ts';
import type { PackContent, TemplateNode } from '../../modules/shop/templates.ts';
import { chart, mix } from './notation.ts';

export const RAISE = '#D64545';
export const CALL = '#2E9E5B';
export const ALL_IN = '#E08A1E';

const openButtons: RangeButton[] = [{ color: RAISE, label: 'Raise 2.5bb' }];
const defenceButtons: RangeButton[] = [
  { color: RAISE, label: '3-bet' },
  { color: CALL, label: 'Call' },
];

const range = (
  name: string,
  note: string,
  buttons: RangeButton[],
  pairs: TemplateNode['pairs'],
): TemplateNode => ({
  name,
  kind: 'range',
  note,
  buttons,
  pairs,
});

/** 6-max 100bb cash opening ranges by position (raise first in), widening as fewer players are left to act. */
export const cashOpens: PackContent = {
  root_type: 'preflop_root',
  nodes: [
    range(
      'UTG open (~15%)',
      'Five players behind: strong pairs, suited broadways and suited connectors.',
      openButtons,
      chart([{ color: RAISE, hands: '22+, A2s+, KTs+, QTs+, JTs, T9s, 98s, 87s, 76s, AJo+, KQo' }]),
    ),
    range(
      'HJ open (~19%)',
      'Adds suited kings and queens, ATo and KJo.',
      openButtons,
      chart([
        { color: RAISE, hands: '22+, A2s+, K9s+, Q9s+, J9s+, T9s, 98s, 87s, 76s, 65s, ATo+, KJo+, QJo' },
      ]),
    ),
    range(
      'CO open (~27%)',
      'Two players behind besides the blinds: open most suited hands and good offsuit broadways.',
      openButtons,
      chart([
        {
          color: RAISE,
          hands: '22+, A2s+, K6s+, Q8s+, J8s+, T8s+, 97s+, 86s+, 75s+, 64s+, 54s, A8o+, KTo+, QTo+, JTo',
        },
      ]),
    ),
    range(
      'BTN open (~45%)',
      'Position for the whole hand: open wide, including every suited king.',
      openButtons,
      chart([
        {
          color: RAISE,
          hands:
            '22+, A2s+, K2s+, Q4s+, J6s+, T6s+, 96s+, 85s+, 74s+, 63s+, 53s+, 43s, A2o+, K8o+, Q9o+, J9o+, T8o+, 98o, 87o',
        },
      ]),
    ),
    range(
      'SB open (~40%)',
      'Raise-or-fold versus the big blind; out of position postflop, so fewer offsuit hands.',
      openButtons,
      chart([
        {
          color: RAISE,
          hands:
            '22+, A2s+, K3s+, Q5s+, J7s+, T7s+, 97s+, 86s+, 75s+, 64s+, 54s, A4o+, K9o+, Q9o+, J9o+, T9o',
        },
      ]),
    ),
  ],
};

function defence(raise: string, call: string, mixes: Array<[string, number]> = []) {
  const pairs = chart([
    { color: CALL, hands: call },
    { color: RAISE, hands: raise },
  ]);
  for (const [hands, raiseWeight] of mixes) {
    mix(pairs, hands, [
      { color: RAISE, weight: raiseWeight },
      { color: CALL, weight: 100 - raiseWeight },
    ]);
  }
  return pairs;
}

/** 6-max 100bb cash: 3-bet (red) and call (green) versus a 2.5bb open; split cells are mixed strategies. */
export const cashDefence: PackContent = {
  root_type: 'preflop_root',
  nodes: [
    {
      name: 'In position',
      kind: 'folder',
      children: [
        range(
          'BTN vs UTG open',
          'Tight: UTG is strong. 3-bet value and a few wheel aces; flat pairs and suited broadways.',
          defenceButtons,
          defence('QQ+, AKs, AKo', 'JJ-22, AQs-ATs, KQs, KJs, QJs, JTs, T9s, 98s, 87s, AQo', [
            ['A5s, A4s', 50],
          ]),
        ),
        range(
          'BTN vs CO open',
          'Wider 3-bets with blockers and suited connectors; call the middle.',
          defenceButtons,
          defence(
            'JJ+, AQs+, AKo, A5s, A4s',
            'TT-22, AJs-A6s, KTs+, QTs+, JTs, T9s, 98s, 87s, 76s, AQo, AJo, KQo',
            [['K9s, 65s', 50]],
          ),
        ),
        range(
          'CO vs HJ open',
          'Mostly 3-bet or fold: the blinds still act behind.',
          defenceButtons,
          defence('TT+, AJs+, KQs, AKo, AQo, A5s-A3s', '99-55, ATs, KJs, QJs, JTs, T9s'),
        ),
      ],
    },
    {
      name: 'Blinds',
      kind: 'folder',
      children: [
        range(
          'SB vs BTN open',
          '3-bet or fold: flatting from the small blind invites the big blind in.',
          defenceButtons,
          defence('88+, A8s+, A5s-A2s, K9s+, QTs+, JTs, T9s, ATo+, KJo+', ''),
        ),
        range(
          'BB vs BTN open',
          'The big blind closes the action at a discount: defend very wide.',
          defenceButtons,
          defence(
            'TT+, AJs+, KQs, AKo, A5s, A4s, 76s, 65s',
            '99-22, ATs-A6s, A3s, A2s, KJs-K2s, Q5s+, J7s+, T7s+, 96s+, 85s+, 74s+, 63s+, 53s+, 43s, AQo-A2o, KJo-K8o, QTo+, JTo, T9o, 98o',
            [['A3s, A2s', 50]],
          ),
        ),
        range(
          'BB vs SB open',
          'Versus the widest opener, 3-bet for value often and defend most suited hands.',
          defenceButtons,
          defence(
            '99+, A9s+, A5s, A4s, KTs+, QJs, ATo+, KQo',
            '88-22, A8s-A6s, A3s, A2s, K9s-K2s, Q2s+, J5s+, T6s+, 95s+, 85s+, 74s+, 64s+, 53s+, 43s, A9o-A2o, KJo-K7o, Q9o+, J9o+, T9o, 98o',
          ),
        ),
      ],
    },
  ],
};

const pushButtons: RangeButton[] = [{ color: ALL_IN, label: 'All-in' }];
const callButtons: RangeButton[] = [{ color: CALL, label: 'Call all-in' }];
const depth = (
  name: string,
  color: string,
  hands: string,
  buttons: RangeButton[],
  note: string,
): TemplateNode => range(name, note, buttons, chart([{ color, hands }]));

/** Heads-up push/fold from the small blind, no ante, by effective stack (Nash-style equilibrium approximations). */
export const pushFold: PackContent = {
  root_type: 'tournament_root',
  nodes: [
    {
      name: 'SB push',
      kind: 'folder',
      children: [
        depth(
          '20bb',
          ALL_IN,
          '22+, A2s+, K7s+, Q9s+, J9s+, T9s, A7o+, A5o, KTo+, QJo',
          pushButtons,
          'Around 30% of hands.',
        ),
        depth(
          '15bb',
          ALL_IN,
          '22+, A2s+, K5s+, Q8s+, J8s+, T8s+, 98s, A4o+, KTo+, QTo+, JTo',
          pushButtons,
          'Around 38%.',
        ),
        depth(
          '10bb',
          ALL_IN,
          '22+, A2s+, K2s+, Q4s+, J6s+, T7s+, 97s+, 86s+, 76s, 65s, A2o+, K7o+, Q9o+, J9o+, T9o',
          pushButtons,
          'Around 55%.',
        ),
        depth(
          '5bb',
          ALL_IN,
          '22+, A2s+, K2s+, Q2s+, J2s+, T4s+, 95s+, 85s+, 74s+, 64s+, 53s+, 43s, A2o+, K2o+, Q5o+, J7o+, T7o+, 97o+, 87o',
          pushButtons,
          'Around 75%: blinds are too big to wait.',
        ),
      ],
    },
    {
      name: 'BB call vs SB push',
      kind: 'folder',
      children: [
        depth('20bb', CALL, '66+, A9s+, KQs, ATo+', callButtons, 'Call tighter than you push.'),
        depth('15bb', CALL, '55+, A7s+, KJs+, A9o+, KQo', callButtons, 'Around 13%.'),
        depth('10bb', CALL, '33+, A2s+, K8s+, Q9s+, J9s+, A5o+, KTo+, QJo', callButtons, 'Around 25%.'),
        depth(
          '5bb',
          CALL,
          '22+, A2s+, K2s+, Q5s+, J7s+, T7s+, 97s+, 87s, A2o+, K5o+, Q8o+, J9o+, T9o',
          callButtons,
          'Around 50%: pot odds are good.',
        ),
      ],
    },
  ],
};
