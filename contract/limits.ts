// Limits and rules the app and the server share, in a module free of schemas: the app imports its numbers from here,
// so its bundle carries no TypeBox (the schema modules beside this one import these values and build the server's
// request and response schemas from them).

/** SPEC §9 limits, shared so the SPA validates with the same numbers. */
export const USERNAME_MIN = 4;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
/** A pragmatic e-mail shape: something@something.tld, no spaces. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** Device tokens a browser keeps at most (one per account signed in from it); the newest are kept. */
export const DEVICE_TOKENS_MAX = 10;
/** How long a restore code stays valid. */
export const RESTORE_CODE_TTL_MS = 10 * 60 * 1000;
/** How long a sign-up's confirmation code stays valid (a mail can take a while to arrive). */
export const SIGN_UP_CODE_TTL_MS = 30 * 60 * 1000;

/** Free tier: at most this many ranges per user (both roots together). Premium lifts it. */
export const FREE_RANGE_LIMIT = 20;
/** Free tier: at most this many own categories of every kind (folders and tournaments count); beyond it, 402. */
export const FREE_CATEGORY_LIMIT = 100;
/**
 * Levels a library tree may have: a top-level category is level 1, and a range inside a folder inside it level 3.
 * Deeper trees are refused (a chain of thousands of folders could be neither shown nor deleted).
 */
export const MAX_TREE_DEPTH = 32;
/** Longest category name (folder, tournament, range). */
export const CATEGORY_NAME_MAX = 120;
/** Free tier: a note of at most this many characters; longer notes answer 402. */
export const FREE_NOTE_MAX = 2000;
/** Everyone, Premium included: a note of at most this many characters. */
export const NOTE_MAX = 10000;
/** Multiway: the hero, the sides' villain and at most this many more villains (the engine takes 2 to 6 ranges). */
export const MAX_EXTRA_VILLAINS = 4;
/** Longest text range of a villain: a range written combo by combo with weights (1326 × "AhKh:0.1234,") fits. */
export const VILLAIN_TEXT_MAX = 16000;
/** Most dead cards: 52 less the two hands and five board cards of a heads-up deal. */
export const MAX_DEAD_CARDS = 43;

/**
 * Leitner boxes per hand class and chart: a miss puts the class in box 0, a right answer moves it one box up, to
 * TRAINER_MAX_BOX at most. A class never answered sits in TRAINER_START_BOX, where it is drawn by its combos alone.
 */
export const TRAINER_MAX_BOX = 4;
export const TRAINER_START_BOX = 2;
/**
 * Frequency mode: an answer is right when the chosen action has weight > 0 in the cell and the given frequency is
 * within this many percentage points of that weight. Ten points accept the 25/50/75/100 presets for the usual
 * mixes (a 30% call answered with 25%) and still refuse calling a 10% call "half the time".
 */
export const TRAINER_FREQUENCY_TOLERANCE = 10;

/**
 * Most answers in one batch. The drill grades each answer at once from the chart it loaded and sends them in
 * batches (TRAINER_FLUSH_AT waiting, or after TRAINER_FLUSH_MS), each one write of the player's write budget
 * (WRITE_RATE_LIMIT a minute): a player answering as fast as a hand can be read sends a few batches a minute, far
 * below the budget, while a script is held to the budget's batches of at most this many answers.
 */
export const TRAINER_BATCH_MAX = 50;
/** The drill sends its waiting answers once this many wait... */
export const TRAINER_FLUSH_AT = 20;
/** ...or this long after the first of them was given, whichever comes first (and when the player leaves). */
export const TRAINER_FLUSH_MS = 3000;

/** Largest avatar upload. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

/** A public link's id: 128 random bits as 22 base64url characters (contract/public-links.ts). */
export const PUBLIC_LINK_ID_PATTERN = '^[A-Za-z0-9_-]{22}$';
/**
 * Links one player may have live at once: far more than a coach sends out in a season, few enough that a script
 * cannot fill the table. Revoking one frees its place.
 */
export const PUBLIC_LINKS_MAX = 100;
/** Where the SPA shows a public link: `/c/<id>`, a short address to paste in a chat. */
export const PUBLIC_CHART_PAGE = '/c/';
