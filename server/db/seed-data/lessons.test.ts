// The seeded lessons read as sentences in every language (no figure or list left empty by the numbers they are
// built from), and the big blind's defence they walk through has no holes.
import { describe, expect, it } from 'vitest';

import { HAND_CLASSES } from '../../../contract/hands.ts';
import { LANGUAGES } from '../../../contract/languages.ts';
import { BB_VS_BTN } from './cash-packs.ts';
import { cellWeight } from './chart-share.ts';
import { HAND_GROUPS, readGroup } from './lesson-groups.ts';
import { ruPlural } from './lesson-voice.ts';
import { PREFLOP_LESSONS, SHORT_STACK_LESSONS } from './lessons.ts';

const LESSONS = [...PREFLOP_LESSONS, ...SHORT_STACK_LESSONS];

describe('seeded lessons', () => {
  it('say the same number of sentences in each language, none with an empty list or a missing figure', () => {
    for (const lesson of LESSONS) {
      for (const segment of lesson.script.segments) {
        const counts = LANGUAGES.map((language) => segment.cues[language].length);
        expect(new Set(counts).size, lesson.titles['en-US']).toBe(1);
        for (const language of LANGUAGES) {
          for (const cue of segment.cues[language]) {
            for (const text of [cue.text, cue.spoken]) {
              // "defended down to ." or "到  为止": a list or a hand that came out empty.
              expect(text, `${lesson.titles['en-US']} (${language})`).not.toMatch(
                /\s[.,;:]|到\s+为止|undefined|NaN|null|\s{2}/,
              );
            }
          }
        }
      }
    }
  });

  it('count in Russian with the noun form the number takes', () => {
    const forms: [string, string, string] = ['класс', 'класса', 'классов'];
    const table: Array<[number, string]> = [
      [1, 'класс'],
      [2, 'класса'],
      [4, 'класса'],
      [5, 'классов'],
      [11, 'классов'],
      [12, 'классов'],
      [21, 'класс'],
      [32, 'класса'],
      [82, 'класса'],
      [104, 'класса'],
      [112, 'классов'],
    ];
    for (const [value, form] of table) expect(ruPlural(value, forms), String(value)).toBe(form);
    // Every "N класс…" and "N комбинац…" the lessons say agrees with its number (the seed once said "52 комбинаций").
    const endings = {
      класс: ['класс', 'класса', 'классов'],
      комбинац: ['комбинацию', 'комбинации', 'комбинаций'],
    };
    for (const lesson of LESSONS) {
      for (const segment of lesson.script.segments) {
        for (const cue of segment.cues['ru-RU']) {
          for (const [, digits, word] of cue.text.matchAll(/(\d+) (класс\S*|комбинац\S*)/g)) {
            const stem = word!.startsWith('класс') ? 'класс' : 'комбинац';
            const wanted = endings[stem] as [string, string, string];
            expect(word!.replace(/[,.:;]$/, ''), cue.text).toBe(ruPlural(Number(digits), wanted));
          }
        }
      }
    }
  });

  it('are titled in each of the four languages', () => {
    for (const lesson of LESSONS) {
      for (const language of LANGUAGES) expect(lesson.titles[language].trim()).not.toBe('');
      expect(lesson.titles['ru-RU']).not.toBe(lesson.titles['en-US']);
      expect(lesson.titles['zh-CN']).not.toBe(lesson.titles['en-US']);
    }
  });

  it('walk a big blind defence where every defended hand’s better kickers are defended too', () => {
    const defended = HAND_CLASSES.map((hand) => cellWeight(BB_VS_BTN, hand));
    for (const group of HAND_GROUPS) {
      expect(readGroup(group, defended, defended).gaps, group.names['en-US']).toEqual([]);
    }
    // The seed once folded KQo while defending KJo down to K8o.
    expect(cellWeight(BB_VS_BTN, 'KQo')).toBeGreaterThan(0);
  });
});
