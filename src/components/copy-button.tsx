import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { pushToast } from '@/lib/toast';

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Older browsers and plain-http pages have no async clipboard.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

/** The copy-to-clipboard icon button beside an account number or link. */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const onClick = async () => {
    try {
      await writeClipboard(text);
      setCopied(true);
      pushToast(t('common:copy.done'), 'success');
      setTimeout(() => setCopied(false), 2000);
    } catch {
      pushToast(t('common:copy.failed'), 'error');
    }
  };
  return (
    <button
      type="button"
      className="icon-button copy-button"
      aria-label={label ?? t('common:copy.label')}
      title={label ?? t('common:copy.label')}
      onClick={() => void onClick()}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        {copied ? (
          <path d="M5 12l5 5L20 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <>
            <rect
              x="9"
              y="9"
              width="11"
              height="11"
              rx="2"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <path d="M5 15V5a2 2 0 0 1 2-2h8" fill="none" stroke="currentColor" strokeWidth="2" />
          </>
        )}
      </svg>
    </button>
  );
}
