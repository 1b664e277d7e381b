// Legal texts in en-US for scripts/generate-legal-pdfs.mjs. {company}, {address}, {tax}, {email}, {site} and {date}
// are filled in by the generator.
export default {
  meta: { effective: 'Effective date: {date}', page: 'Page {n} of {total}', contact: 'Contact: {email}' },
  terms: {
    title: 'Terms and Conditions',
    lead: 'These Terms and Conditions govern your use of RangeForge ({site}), a web application for building, viewing and sharing poker preflop and tournament range charts, and of its store, Premium tier and referral programme. The service is provided by {company}, {address}, tax number {tax}. By creating an account or using the service you accept these terms.',
    sections: [
      [
        'Accounts',
        'You must be at least 18 years old and allowed to use poker study tools where you live. Register with a username of 4 to 20 characters, a valid e-mail address and a password of 6 to 20 characters. Keep your password secret; you are responsible for everything done with your account. You may change your username, password and avatar in your profile at any time.',
      ],
      [
        'The service',
        'RangeForge lets you create, copy, move, delete and share range categories for cash (preflop) and tournament play, colour hands with weighted colours and calculate equity in your browser. Equity figures are mathematical estimates for study; they are not advice and we do not guarantee any result at the table. RangeForge is a study tool and must not be used during a hand where the rules of a poker site or event forbid real-time assistance.',
      ],
      [
        'Free and Premium',
        'The Free tier allows a limited number of ranges. Premium is a one-time payment (USD 25, or the price shown in your currency at checkout) that lifts the limit and unlocks sharing ranges, moving ranges in the navigation tree and copying ready-made strategies. Premium is tied to your account and is not transferable.',
      ],
      [
        'Store purchases',
        'Strategy packs and video courses in the store are licensed, not sold: you receive a personal, non-exclusive, non-transferable right to use them within RangeForge. You may not resell, publish or share purchased material outside the sharing features of the service. Prices are shown in RUB for Russian-language accounts and in USD otherwise, and include the taxes we are required to charge.',
      ],
      [
        'Payments',
        'Card payments are processed by our payment provider; we never see or store your full card number. Bank card transfers, Bitcoin and Tether (TRC20) payments are checked by hand and are normally confirmed within 24 hours after you submit the confirmation (the last four digits of the card or the transaction ID). Access is granted once the payment is confirmed.',
      ],
      [
        'Referral programme',
        'Each account has a personal referral link. When a person who registered through your link makes a payment, you receive the percentage of that payment set by us at the time and shown in your referral payments. We may change the percentage for future payments and may cancel referral rewards obtained by self-referral, fraud or spam.',
      ],
      [
        'Shared content',
        'Ranges and strategies you share are sent to the users you choose, who may accept or reject them. You may share only categories and tournaments you created. Do not share material you have no right to share. We may remove content and suspend accounts that break these terms or the law.',
      ],
      [
        'Availability and liability',
        'We work to keep the service available but do not promise it will be uninterrupted or error-free. To the extent the law allows, our total liability for any claim is limited to the amount you paid us in the twelve months before the claim. Nothing in these terms limits liability that cannot be limited by law.',
      ],
      [
        'Changes and termination',
        'We may update these terms; the new version applies from its effective date and we will tell signed-in users about material changes. You may stop using the service at any time and ask us to delete your account. These terms are governed by the laws of England and Wales, without prejudice to the mandatory consumer protection rules of your country of residence.',
      ],
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    lead: 'This policy explains what personal data {company} ({address}, tax number {tax}) processes when you use RangeForge, why, and what rights you have. We are the controller of this data. Questions and requests: {email}.',
    sections: [
      [
        'Data we collect',
        'Account data: username, e-mail address, password (stored only as an Argon2id hash), avatar image and interface language. Usage data: the ranges, categories, notes and buttons you create, strategies you share or receive, purchases, payments and referral payments. Technical data: IP address, browser type and request logs kept for security.',
      ],
      [
        'Why we use it',
        'To provide the service and your account (contract); to process payments and keep accounting records (legal obligation); to prevent fraud and abuse and to keep the service secure (legitimate interest); to send password-restore codes and messages about your purchases (contract). We do not sell your data and do not use it for third-party advertising.',
      ],
      [
        'Payments',
        'Card payments are handled by our payment provider, which receives the data needed to charge the card. For manual payments we store the confirmation you enter: the last four digits of the card or the transaction ID. We never store full card numbers.',
      ],
      [
        'Cookies and local storage',
        'We use your browser storage only for what the service needs: your session token and your language choice. We do not use advertising or tracking cookies.',
      ],
      [
        'Sharing',
        'We share data only with processors that help us run the service (hosting, e-mail delivery, payment processing), under contracts that protect it, and with authorities when the law requires. When you share a range, the recipient sees your username and the shared content.',
      ],
      [
        'Retention',
        'We keep account data while your account exists. Payment and accounting records are kept for the period required by tax law. Security logs are kept for up to 90 days. After you delete your account we remove or anonymise your personal data within 30 days, except what the law requires us to keep.',
      ],
      [
        'Your rights',
        'You may ask for access to your data, correction, deletion, restriction, portability, and object to processing based on legitimate interest. You may also complain to your data protection authority. Write to {email}; we answer within one month.',
      ],
      [
        'Security',
        'Connections are encrypted, passwords are hashed, access tokens are stored hashed and can be revoked by logging out, and access to production data is limited to staff who need it.',
      ],
      [
        'Changes',
        'We will publish any update to this policy with a new effective date and tell signed-in users about material changes.',
      ],
    ],
  },
  returns: {
    title: 'Return Policy',
    lead: 'This policy explains when you can get your money back for purchases on RangeForge from {company}. It does not limit your statutory rights as a consumer.',
    sections: [
      [
        'Digital content',
        'Premium, strategy packs and video courses are digital content supplied immediately after payment. When you buy, you ask us to start supplying the content at once and acknowledge that the statutory 14-day right of withdrawal ends once the content has been made available to your account.',
      ],
      [
        'When we refund',
        'We refund in full if you were charged twice for the same item, if a payment was taken but access was not granted within 24 hours and we cannot fix it, if the content is materially different from its description, or if a technical fault on our side prevents you from using it and we cannot repair it within a reasonable time.',
      ],
      [
        'Goodwill refunds',
        'If you have not opened any purchased strategy or watched any lesson of a course, you may ask for a refund within 14 days of purchase and we will normally grant it.',
      ],
      [
        'Manual payments',
        'Bank card transfers, Bitcoin and Tether payments that we cannot match to an order are returned to the sender after checking, minus network or bank fees charged to us. Cryptocurrency refunds are sent in the same currency to an address you confirm in writing.',
      ],
      ['Referral payments', 'When a payment is refunded, the referral reward paid for it is cancelled.'],
      [
        'How to ask',
        'Write to {email} from the e-mail address of your account with the date, amount and payment method. We reply within 5 business days; approved refunds are sent to the original payment method within 10 business days.',
      ],
    ],
  },
};
