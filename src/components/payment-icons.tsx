/** Inline SVG marks for accepted payment methods (footer and payment window). */

interface IconProps {
  size?: number;
}

export function MastercardIcon({ size = 40 }: IconProps) {
  return (
    <svg width={size} height={(size * 5) / 8} viewBox="0 0 40 25" role="img" aria-label="Mastercard">
      <rect width="40" height="25" rx="4" fill="#1c1f26" />
      <circle cx="16" cy="12.5" r="7.5" fill="#eb001b" />
      <circle cx="24" cy="12.5" r="7.5" fill="#f79e1b" />
      <path d="M20 6.2a7.5 7.5 0 0 1 0 12.6 7.5 7.5 0 0 1 0-12.6z" fill="#ff5f00" />
    </svg>
  );
}

export function VisaIcon({ size = 40 }: IconProps) {
  return (
    <svg width={size} height={(size * 5) / 8} viewBox="0 0 40 25" role="img" aria-label="Visa">
      <rect width="40" height="25" rx="4" fill="#fff" />
      <text
        x="20"
        y="17"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="11"
        fontStyle="italic"
        fontWeight="700"
        fill="#1a1f71"
      >
        VISA
      </text>
    </svg>
  );
}

export function BitcoinIcon({ size = 25 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Bitcoin">
      <circle cx="16" cy="16" r="16" fill="#f7931a" />
      <path
        fill="#fff"
        d="M22.6 14c.3-2.1-1.3-3.2-3.4-3.9l.7-2.8-1.7-.4-.7 2.7-1.4-.3.7-2.7-1.7-.4-.7 2.8-1.1-.3-2.3-.6-.5 1.8 1.2.3c.7.2.8.6.8 1l-.8 3.2h.2-.2l-1.1 4.5c-.1.2-.3.5-.8.4l-1.2-.3-.8 2 2.2.5 1.2.3-.7 2.8 1.7.4.7-2.8 1.4.4-.7 2.8 1.7.4.7-2.8c2.9.6 5.1.3 6-2.3.7-2.1 0-3.3-1.5-4.1 1.1-.3 2-1 2.2-2.6zm-3.9 5.4c-.5 2.1-4 1-5.2.7l.9-3.7c1.2.3 4.8.9 4.3 3zm.5-5.5c-.5 1.9-3.4.9-4.3.7l.8-3.3c1 .2 4 .7 3.5 2.6z"
      />
    </svg>
  );
}

export function TetherIcon({ size = 25 }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Tether USDT">
      <circle cx="16" cy="16" r="16" fill="#26a17b" />
      <path
        fill="#fff"
        d="M17.9 17.1v0c-.1 0-.7.1-1.9.1-1 0-1.7 0-1.9-.1v0c-3.7-.2-6.4-.8-6.4-1.6s2.7-1.4 6.4-1.6v2.5c.2 0 .9.1 1.9.1 1.2 0 1.8-.1 1.9-.1v-2.5c3.7.2 6.4.8 6.4 1.6s-2.7 1.4-6.4 1.6zm0-3.4v-2.3h5.2V8H8.9v3.4h5.2v2.3c-4.2.2-7.4 1-7.4 2s3.2 1.8 7.4 2v7.2h3.8v-7.2c4.2-.2 7.3-1 7.3-2s-3.1-1.8-7.3-2z"
      />
    </svg>
  );
}

export function ApplePayIcon({ size = 40 }: IconProps) {
  return (
    <svg width={size} height={(size * 5) / 8} viewBox="0 0 40 25" role="img" aria-label="Apple Pay">
      <rect width="40" height="25" rx="4" fill="#000" stroke="#3a3f47" />
      <path
        fill="#fff"
        d="M10.6 8.4c.4-.5.7-1.2.6-1.9-.6 0-1.3.4-1.7.9-.4.4-.7 1.1-.6 1.8.7 0 1.3-.3 1.7-.8zm.6 1c-.9-.1-1.7.5-2.2.5-.4 0-1.1-.5-1.9-.5-1 0-1.9.6-2.4 1.5-1 1.8-.3 4.4.7 5.8.5.7 1 1.5 1.8 1.4.7 0 1-.5 1.8-.5s1.1.5 1.9.4c.8 0 1.3-.7 1.7-1.4.6-.8.8-1.6.8-1.6s-1.6-.6-1.6-2.4c0-1.5 1.2-2.2 1.3-2.3-.7-1-1.8-1.1-2.1-1.1z"
      />
      <text
        x="26"
        y="16.5"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="8.5"
        fill="#fff"
      >
        Pay
      </text>
    </svg>
  );
}

export function GooglePayIcon({ size = 40 }: IconProps) {
  return (
    <svg width={size} height={(size * 5) / 8} viewBox="0 0 40 25" role="img" aria-label="Google Pay">
      <rect width="40" height="25" rx="4" fill="#fff" />
      <text
        x="11"
        y="16.5"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="10"
        fontWeight="700"
      >
        <tspan fill="#4285f4">G</tspan>
      </text>
      <text
        x="26"
        y="16.5"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="8.5"
        fill="#3c4043"
      >
        Pay
      </text>
    </svg>
  );
}
