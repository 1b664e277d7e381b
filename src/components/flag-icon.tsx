/** Inline SVG flags for the language picker (SPEC §9: ru, gb, cn, es). */
export type FlagCode = 'ru' | 'gb' | 'cn' | 'es';

export function FlagIcon({ code, size = 22 }: { code: FlagCode; size?: number }) {
  const common = {
    width: size,
    height: (size * 2) / 3,
    viewBox: '0 0 30 20',
    'aria-hidden': true,
    focusable: false,
  };
  switch (code) {
    case 'ru':
      return (
        <svg {...common} className="flag">
          <rect width="30" height="20" fill="#fff" />
          <rect y="6.67" width="30" height="6.67" fill="#0039a6" />
          <rect y="13.33" width="30" height="6.67" fill="#d52b1e" />
        </svg>
      );
    case 'gb':
      return (
        <svg {...common} className="flag">
          <clipPath id="flag-gb-clip">
            <rect width="30" height="20" />
          </clipPath>
          <g clipPath="url(#flag-gb-clip)">
            <rect width="30" height="20" fill="#012169" />
            <path d="M0 0L30 20M30 0L0 20" stroke="#fff" strokeWidth="4" />
            <path d="M0 0L30 20M30 0L0 20" stroke="#c8102e" strokeWidth="1.6" />
            <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
            <path d="M15 0v20M0 10h30" stroke="#c8102e" strokeWidth="3.6" />
          </g>
        </svg>
      );
    case 'cn':
      return (
        <svg {...common} className="flag">
          <rect width="30" height="20" fill="#de2910" />
          <path d="M5 2.2l.9 2.8h2.9l-2.4 1.7.9 2.8L5 7.8 2.7 9.5l.9-2.8L1.2 5h2.9z" fill="#ffde00" />
          <circle cx="10" cy="2" r="0.8" fill="#ffde00" />
          <circle cx="12" cy="4" r="0.8" fill="#ffde00" />
          <circle cx="12" cy="7" r="0.8" fill="#ffde00" />
          <circle cx="10" cy="9" r="0.8" fill="#ffde00" />
        </svg>
      );
    case 'es':
      return (
        <svg {...common} className="flag">
          <rect width="30" height="20" fill="#aa151b" />
          <rect y="5" width="30" height="10" fill="#f1bf00" />
          <rect x="7" y="7.5" width="3" height="5" rx="0.6" fill="#aa151b" />
        </svg>
      );
  }
}
