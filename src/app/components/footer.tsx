import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { BitcoinIcon, MastercardIcon, VisaIcon } from '@/components/payment-icons';
import { languageAtom } from '@/lib/i18n';
import { useAtomValue } from '@/lib/store';

import { COMPANY, legalDocumentUrl, SUPPORT_EMAIL } from '../company';

export function Footer() {
  const { t } = useTranslation();
  const language = useAtomValue(languageAtom);
  const [companyOpen, setCompanyOpen] = useState(false);
  const year = new Date().getFullYear();
  const show = () => setCompanyOpen(true);
  const hide = () => setCompanyOpen(false);

  return (
    <footer className="footer">
      <div className="footer__inner">
        <nav className="footer__links" aria-label={t('common:footer.legal')}>
          <a
            href={legalDocumentUrl(language, 'terms_and_contitions')}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t('common:footer.terms')}
          </a>
          <a href={legalDocumentUrl(language, 'privacy')} target="_blank" rel="noopener noreferrer">
            {t('common:footer.privacy')}
          </a>
          <a href={legalDocumentUrl(language, 'return_policy')} target="_blank" rel="noopener noreferrer">
            {t('common:footer.returns')}
          </a>
        </nav>
        <div className="footer__payments" aria-label={t('common:footer.payments')} role="group">
          <MastercardIcon />
          <VisaIcon />
          <BitcoinIcon />
        </div>
        <div className="footer__company">
          <span
            className="footer__copyright"
            tabIndex={0}
            aria-describedby={companyOpen ? 'company-popup' : undefined}
            onMouseEnter={show}
            onMouseLeave={hide}
            onFocus={show}
            onBlur={hide}
          >
            © {year} {COMPANY.name}. {t('common:footer.rights')}
          </span>
          {companyOpen && (
            <div id="company-popup" className="company-popup" role="tooltip">
              <strong>{COMPANY.name}</strong>
              <span>
                {t('common:footer.address')}: {COMPANY.address}
              </span>
              <span>
                {t('common:footer.taxNumber')}: {COMPANY.taxNumber}
              </span>
              <span>
                {t('common:footer.email')}: {COMPANY.email}
              </span>
            </div>
          )}
          <a className="footer__support" href={`mailto:${SUPPORT_EMAIL}`}>
            {t('common:footer.support')}: {SUPPORT_EMAIL}
          </a>
        </div>
      </div>
    </footer>
  );
}
