import { atom } from '@/lib/store';

/** SPEC §3 global state: incoming strategies waiting for the user (the header bell shows +N). */
export const incomingCountAtom = atom(0);

export const PROFILE_TABS = ['purchases', 'referrals', 'strategies'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** SPEC §3 profile state: activeTab, purchases by default; #strategy opens the incoming strategies. */
export const profileTabAtom = atom<ProfileTab>('purchases');
