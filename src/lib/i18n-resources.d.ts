// Typed translation keys: t('ns:key') is checked against the en-US files, so a wrong or removed key fails tsc.
// Plural keys (key_one, key_other…) are addressed by their base key with a `count`, as i18next resolves them.
import type admin from '../locales/en-US/admin.json';
import type auth from '../locales/en-US/auth.json';
import type common from '../locales/en-US/common.json';
import type diff from '../locales/en-US/diff.json';
import type equity from '../locales/en-US/equity.json';
import type errors from '../locales/en-US/errors.json';
import type flopReport from '../locales/en-US/flopReport.json';
import type multiway from '../locales/en-US/multiway.json';
import type offline from '../locales/en-US/offline.json';
import type profile from '../locales/en-US/profile.json';
import type publicChart from '../locales/en-US/publicChart.json';
import type pushFold from '../locales/en-US/pushFold.json';
import type ranges from '../locales/en-US/ranges.json';
import type shop from '../locales/en-US/shop.json';
import type trainer from '../locales/en-US/trainer.json';
import type walk from '../locales/en-US/walk.json';

// The code names every key with its namespace ('ranges:grid.label'); i18next's types accept that form only for
// namespaces listed in an array, so the default is every namespace with common first (bare keys read common).
type Namespaces = [
  'common',
  'admin',
  'auth',
  'equity',
  'errors',
  'profile',
  'ranges',
  'shop',
  'trainer',
  'walk',
  'offline',
  'flopReport',
  'multiway',
  'diff',
  'publicChart',
  'pushFold',
];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: Namespaces;
    resources: {
      admin: typeof admin;
      auth: typeof auth;
      common: typeof common;
      diff: typeof diff;
      equity: typeof equity;
      errors: typeof errors;
      offline: typeof offline;
      flopReport: typeof flopReport;
      multiway: typeof multiway;
      profile: typeof profile;
      publicChart: typeof publicChart;
      pushFold: typeof pushFold;
      ranges: typeof ranges;
      shop: typeof shop;
      trainer: typeof trainer;
      walk: typeof walk;
    };
  }
}
