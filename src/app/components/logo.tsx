/** The RangeForge mark: a 13x13-grid motif in the primary green. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className="logo__mark"
    >
      <rect width="32" height="32" rx="7" fill="var(--color-primary)" />
      <g fill="var(--color-on-primary)">
        <rect x="6" y="6" width="6" height="6" rx="1.5" />
        <rect x="13" y="6" width="6" height="6" rx="1.5" opacity="0.75" />
        <rect x="20" y="6" width="6" height="6" rx="1.5" opacity="0.5" />
        <rect x="6" y="13" width="6" height="6" rx="1.5" opacity="0.75" />
        <rect x="13" y="13" width="6" height="6" rx="1.5" />
        <rect x="20" y="13" width="6" height="6" rx="1.5" opacity="0.3" />
        <rect x="6" y="20" width="6" height="6" rx="1.5" opacity="0.5" />
        <rect x="13" y="20" width="6" height="6" rx="1.5" opacity="0.3" />
        <rect x="20" y="20" width="6" height="6" rx="1.5" />
      </g>
    </svg>
  );
}

/** Full logo (mark + word) on wide screens, the mark alone on small ones; both lead to /. */
export function Logo() {
  return (
    <span className="logo">
      <LogoMark />
      <span className="logo__full">
        Range<span className="logo__accent">Forge</span>
      </span>
    </span>
  );
}
