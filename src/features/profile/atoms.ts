import { atom } from '@/lib/store';

export const PROFILE_TABS = ['purchases', 'referrals', 'strategies'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** SPEC §3 profile state: activeTab, purchases by default; #strategy opens the incoming strategies. */
export const profileTabAtom = atom<ProfileTab>('purchases');
