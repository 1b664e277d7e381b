import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface PopupProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** SPEC §2: popups default to 750 px; the payment popup uses 550 px. */
  width?: number;
  children: ReactNode;
  className?: string;
}

/**
 * A modal dialog on the native `<dialog>`: showModal() makes the rest of the page inert and keeps focus inside, and
 * the browser restores nothing for us, so focus goes back to where it was on close. Escape and a press on the
 * backdrop ask the owner to close; the owner's `open` stays the one source of truth.
 */
export function Popup({ open, title, onClose, width = 750, children, className }: PopupProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The effect depends on `open` only: owners pass inline `onClose` functions, and re-running it on every parent
  // render would steal focus back to the dialog while the user types in it. Handlers below read the current props.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const previous = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    dialog.focus();
    return () => {
      if (dialog.open) dialog.close();
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={dialogRef}
      className={`popup ${className ?? ''}`}
      aria-labelledby={titleId}
      aria-modal="true"
      tabIndex={-1}
      style={{ maxWidth: width }}
      onCancel={(event) => {
        // Escape: the owner decides (its state closes the dialog through the effect above).
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // The browser may still close it on its own (a repeated Escape); keep the owner's state in step.
        if (open) onClose();
      }}
      // The panel fills the dialog box, so a press whose target is the dialog itself landed on the backdrop.
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div className="popup__panel">
        <div className="popup__head">
          <h2 id={titleId} className="popup__title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('common:actions.close')}
            onClick={onClose}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="popup__body">{children}</div>
      </div>
    </dialog>
  );
}
