import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { languageAtom } from '@/lib/i18n';
import { appStore } from '@/lib/store';
import { renderApp } from '@/test/render';

import { Footer } from './footer';

describe('Footer', () => {
  it('links the three legal PDFs of the current language in a new tab', () => {
    renderApp(<Footer />);
    appStore.set(languageAtom, 'en-US');
    const expected = {
      'Terms and Conditions': '/docs/en-US/terms_and_contitions.pdf',
      'Privacy Policy': '/docs/en-US/privacy.pdf',
      'Return Policy': '/docs/en-US/return_policy.pdf',
    };
    for (const [name, href] of Object.entries(expected)) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
  });

  it('shows the company popup on mouse over the copyright with the current year, hides it on leave', () => {
    renderApp(<Footer />);
    const copyright = screen.getByText(new RegExp(`© ${new Date().getFullYear()}`));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    fireEvent.mouseEnter(copyright);
    const popup = screen.getByRole('tooltip');
    expect(popup).toHaveTextContent('RangeForge Ltd');
    expect(popup).toHaveTextContent('Tax number');
    expect(popup).toHaveTextContent('Address');
    fireEvent.mouseLeave(copyright);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows the payment icons and the support e-mail', () => {
    renderApp(<Footer />);
    expect(screen.getByRole('img', { name: 'Mastercard' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Visa' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Bitcoin' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Support/ })).toHaveAttribute(
      'href',
      'mailto:support@rangeforge.app',
    );
  });
});
