/** Plain-language drafts of the legal pages. They are drafts: a lawyer must review them before launch. */
export interface LegalDocument {
  title: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export const TERMS: LegalDocument = {
  title: 'Terms and conditions',
  updated: '22 November 2026',
  sections: [
    {
      heading: 'About these terms',
      paragraphs: [
        'These terms are the agreement between you and Verba when you use the Verba website and app. By creating an account you accept them. If you do not agree, please do not use Verba.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'You need an account to read, mark words and practise. Sign up with an email address and password, or with Google, Facebook or Apple. Keep your password to yourself; you are responsible for what happens in your account.',
        'You must be at least 16 years old, or have the permission of a parent or guardian.',
      ],
    },
    {
      heading: 'The Master subscription',
      paragraphs: [
        'Master is a paid subscription billed monthly, yearly or every two years, in advance. The price is shown before you pay and includes any tax we must charge. Payments are handled by our payment provider; we never see your full card number.',
        'Your subscription renews automatically until you cancel. You can cancel at any time from your subscription page; Master then stays active until the end of the period you paid for. Unless the law says otherwise, we do not refund periods that have started.',
        'If we change the price, we tell you at least 30 days before your next renewal, and you can cancel before the new price applies.',
      ],
    },
    {
      heading: 'Free limits',
      paragraphs: [
        'Free accounts include 50 text-to-speech calls per calendar month. We may change free limits; we will announce changes in the app beforehand.',
      ],
    },
    {
      heading: 'Your content',
      paragraphs: [
        'Texts you add as private articles remain yours. You give us the permission we need to store them, show them to you and process them (for example to translate or read them aloud). Only add texts you have the right to use.',
        'If you ask for a private article to be published, you allow us to show it to other users in the library. We may decline or remove any article.',
        'Do not upload anything unlawful, hateful, or that infringes someone else’s rights. We may remove such content and suspend accounts that break these rules.',
      ],
    },
    {
      heading: 'Our content and AI features',
      paragraphs: [
        'The library, courses, audio and design of Verba belong to us or our licensors. You may use them for your own learning, not copy or resell them.',
        'Translations and explanations produced by AI can contain mistakes. Use them as a learning aid, not as professional translation.',
      ],
    },
    {
      heading: 'Availability and liability',
      paragraphs: [
        'We work to keep Verba available and your data safe, but we cannot promise the service will always be uninterrupted or error-free. To the extent the law allows, our liability is limited to the amount you paid us in the twelve months before the claim. Nothing in these terms limits rights you have as a consumer by law.',
      ],
    },
    {
      heading: 'Ending the agreement',
      paragraphs: [
        'You can delete your account at any time from your profile. We may suspend or close accounts that seriously or repeatedly break these terms, and will tell you why unless the law prevents us.',
      ],
    },
    {
      heading: 'Changes and contact',
      paragraphs: [
        'If we change these terms in a way that matters, we will tell you in the app or by email before the change takes effect. Questions? Write to us through the contact form on the support page.',
      ],
    },
  ],
};

export const PRIVACY: LegalDocument = {
  title: 'Privacy policy',
  updated: '22 November 2026',
  sections: [
    {
      heading: 'In short',
      paragraphs: [
        'We collect what we need to run your account and your learning, we do not sell your data, and you can have it erased at any time.',
      ],
    },
    {
      heading: 'What we store',
      paragraphs: [
        'Account details: your email address, your name, your password (only as a secure hash), your role and your subscription.',
        'Learning data: the languages and levels you chose, the words you marked, your flashcards and their review history, your reading and course progress, bookmarks, ratings, and the private articles you add.',
        'Usage data: when you were last active and how much time you spent learning, so we can show you your progress and improve Verba.',
        'Support messages: what you write to us through the contact form, with your name and email address.',
      ],
    },
    {
      heading: 'How we protect it',
      paragraphs: [
        'Your email address and name are stored encrypted with a key that belongs to your account alone. When you delete your account we delete that key, which makes the encrypted details unreadable everywhere, including in backups.',
        'Connections to Verba are encrypted, and passwords are stored with a modern password-hashing algorithm.',
      ],
    },
    {
      heading: 'Who helps us',
      paragraphs: [
        'We use a small number of service providers, each only for its task: a payment provider for subscriptions, an email provider for account and support emails (and newsletters, only if you agree), a text-to-speech provider to read texts aloud, and an AI provider to translate the text you select. They may process data outside your country under appropriate safeguards.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'We keep your data while you have an account. When you delete it, your personal details are erased immediately and the rest of your learning data is deleted or made anonymous. Invoices are kept as long as tax law requires.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You can see and correct your details in your profile, export or delete your data, object to processing, and withdraw consent at any time. You also have the right to complain to your data-protection authority.',
        'To use any of these rights, contact us through the support page.',
      ],
    },
  ],
};

export const COOKIES: LegalDocument = {
  title: 'Cookie policy',
  updated: '22 November 2026',
  sections: [
    {
      heading: 'Cookies we need',
      paragraphs: [
        'verba_session keeps you signed in. verba_csrf protects your account against requests made by other websites. Both are set only by Verba and are required for signing in, which is why we ask you to accept cookies first.',
      ],
    },
    {
      heading: 'Settings stored in your browser',
      paragraphs: [
        'Verba also remembers a few choices in your browser’s local storage: whether you accepted cookies (cookieConsent), your light or dark theme, the library view you prefer, and which announcement banners you dismissed. They never leave your device.',
      ],
    },
    {
      heading: 'Analytics',
      paragraphs: [
        'We only measure how Verba is used if you accept cookies, and we use the results to improve the product, not to show you ads.',
      ],
    },
    {
      heading: 'Changing your mind',
      paragraphs: [
        'You can delete cookies and site data in your browser at any time. If you remove the session cookie you will be signed out; if you decline cookies you can still read the public pages, but you cannot sign in.',
      ],
    },
  ],
};
