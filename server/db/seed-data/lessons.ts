// The seeded courses' lessons, each built from the engine's numbers on the packs' charts (lessons-*.ts) and
// rendered at seed time by server/lib/lesson-media.ts: one video per interface language with captions in all four.
import { bigBlindLesson } from './lessons-bigblind.ts';
import { bubbleLesson } from './lessons-bubble.ts';
import { callLesson } from './lessons-calls.ts';
import { openingLesson } from './lessons-cash.ts';
import { threeBetLesson } from './lessons-defence.ts';
import { pushLesson } from './lessons-pushfold.ts';

export type { SeedLesson } from './lesson-script.ts';

export const PREFLOP_LESSONS = [openingLesson(), threeBetLesson(), bigBlindLesson()];
export const SHORT_STACK_LESSONS = [pushLesson(), callLesson(), bubbleLesson()];
