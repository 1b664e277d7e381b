// A visit through a public link, remembered for this tab: a sign-up begun later in the same tab (from the page's own
// button or from the header) credits the chart's owner, whose link id is the referral token the server reads.
const KEY = 'rangeforge.visitReferral';

/** Remembers the link a visitor came through (this tab only, gone when it closes). */
export function rememberVisitReferral(linkId: string): void {
  try {
    sessionStorage.setItem(KEY, linkId);
  } catch {
    // Storage refused (a private window's quota): the page's own sign-up button still carries the link.
  }
}

/** The link this tab's visitor came through, if any. */
export function visitReferral(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Forgets it once the visitor has an account. */
export function forgetVisitReferral(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
