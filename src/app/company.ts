/** Company details for the footer popup (SPEC §2 footer) and the legal documents. */
export const COMPANY = {
  name: 'RangeForge Ltd',
  address: '71-75 Shelton Street, Covent Garden, London, WC2H 9JQ, United Kingdom',
  taxNumber: 'GB 412 7781 09',
  email: 'support@rangeforge.app',
} as const;

export const SUPPORT_EMAIL = COMPANY.email;

/** SPEC §2: per-language legal PDFs (the misspelt "contitions" is the published file name). */
export const LEGAL_DOCUMENTS = ['terms_and_contitions', 'privacy', 'return_policy'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export function legalDocumentUrl(language: string, document: LegalDocument): string {
  return `/docs/${language}/${document}.pdf`;
}
