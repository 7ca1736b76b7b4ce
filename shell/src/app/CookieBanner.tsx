import { Button } from '@verba/kit';
import { setConsent, useConsent } from '../consent/consent';

export function CookieBanner() {
  const consent = useConsent();
  if (consent === 'accepted') return null;
  return (
    <section className="sh-cookies" aria-label="Cookie consent">
      <p>
        Verba uses cookies to keep you signed in and to protect your account. Signing in needs them.
        {consent === 'declined' ? ' You declined cookies, so you cannot sign in until you accept them.' : ''}
      </p>
      <div className="sh-cookies__actions">
        <Button onClick={() => setConsent('accepted')}>Accept cookies</Button>
        {consent === null ? (
          <Button variant="secondary" onClick={() => setConsent('declined')}>
            Decline
          </Button>
        ) : null}
      </div>
    </section>
  );
}
